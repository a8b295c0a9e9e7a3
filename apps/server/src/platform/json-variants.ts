/** A JSON text of a `T`, as `jsonVariants` builds it: typed pushes take it as it is. */
export type JsonOf<T> = string & { readonly __jsonOf?: T };

/**
 * The JSON of several payloads that are one object (`base`) with a few fields (`keys`) set
 * differently each time, serialising `base`'s other fields once. A one-to-one send pushed the
 * same message twice (to the peer, and to my own connections), each as `{ ...base, … }`: two
 * copies of a thirty-field object and two full serialisations per send, the largest allocation
 * of the send path (docs/performance.md, issue 23, fifth pass).
 *
 * `variant(over)` equals `JSON.stringify({ ...base, ...over })` but for the order of the keys
 * (the `keys` come last), which JSON readers do not depend on. `base` is left as it was; it must
 * not change between this call and the variants (they see it as it was then).
 */
export function jsonVariants<T extends object, K extends keyof T & string>(
  base: T,
  keys: readonly K[],
): (over: Pick<T, K>) => JsonOf<T> {
  const own = keys.filter((k) => Object.prototype.hasOwnProperty.call(base, k));
  const saved = own.map((k) => base[k]);
  const writable = base as Record<K, unknown>;
  let rest: string;
  try {
    // Undefined fields are left out by JSON.stringify: hidden for the one serialisation.
    for (const k of own) writable[k] = undefined;
    rest = JSON.stringify(base);
  } finally {
    own.forEach((k, i) => (writable[k] = saved[i]));
  }
  const open = rest.slice(0, -1); // "{…" without its closing brace
  return (over) => {
    let out = open;
    let empty = rest === '{}';
    for (const k of keys) {
      const value = JSON.stringify(over[k]);
      if (value === undefined) continue; // as a spread of undefined: left out
      out += `${empty ? '' : ','}${JSON.stringify(k)}:${value}`;
      empty = false;
    }
    return `${out}}`;
  };
}
