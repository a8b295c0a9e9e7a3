import { z } from 'zod';

/**
 * Loose param types of PROTOCOL §1.2. Every value is coerced before validation, so clients may
 * send JSON numbers, strings or qs-style form fields interchangeably. `""` and `null` count as
 * absent. A value that cannot be coerced is passed through unchanged so the inner schema
 * rejects it and the server answers 400 `common.badParam` naming the field.
 */

export const isAbsent = (v: unknown): boolean => v === undefined || v === null || v === '';

const INT_RE = /^\s*[-+]?\d+(\.\d+)?\s*$/;

export function toInt(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : v;
  if (typeof v === 'string' && INT_RE.test(v)) return Math.trunc(Number(v));
  return v;
}

export function toFlag(v: unknown): unknown {
  if (v === 1 || v === '1' || v === true || v === 'true') return 1;
  if (v === 0 || v === '0' || v === false || v === 'false') return 0;
  return v;
}

export function toStr(v: unknown, trim = true): unknown {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return trim ? v.trim() : v;
  return v;
}

const GROUP_RE = /^group-(\d+)$/i;

export function toGid(v: unknown): unknown {
  if (typeof v === 'string') {
    const m = GROUP_RE.exec(v.trim());
    if (m) return Number(m[1]);
  }
  return toInt(v);
}

/** A conversation as named on the wire (PROTOCOL §1.4). */
export type ConversationRef =
  | { kind: 'user'; id: number }
  | { kind: 'group'; id: number }
  | { kind: 'favourites' }
  | { kind: 'admin_notice' }
  | { kind: 'system' };

export function toCid(v: unknown): unknown {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === 'admin_notice') return { kind: 'admin_notice' };
    if (s === 'system') return { kind: 'system' };
    const g = GROUP_RE.exec(s);
    if (g) return { kind: 'group', id: Number(g[1]) };
  }
  const n = toInt(v);
  if (n === -1) return { kind: 'favourites' };
  if (typeof n === 'number' && n >= 1) return { kind: 'user', id: n };
  return v;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toUuid(v: unknown): unknown {
  if (typeof v === 'string' && UUID_RE.test(v.trim())) return v.trim().toLowerCase();
  return v;
}

/** JSON array, bracket array (qs gives an array or an index-keyed object), scalar, or CSV. */
export function toList(v: unknown): unknown {
  if (Array.isArray(v)) return v;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.every((k) => /^\d+$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (v as Record<string, unknown>)[k]);
    }
    return v;
  }
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(s);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        return v;
      }
    }
    return s
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  }
  if (typeof v === 'number' || typeof v === 'boolean') return [v];
  return v;
}

export function toObj(v: unknown): unknown {
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed;
    } catch {
      return v;
    }
  }
  return v;
}

type Coerce = (v: unknown) => unknown;

/**
 * Builds required / optional / defaulted variants of one loose type. `In` is what a client may
 * send for it (the wire form the web's typed calls accept); `z.output` is the coerced value the
 * handler reads. The casts only name the input type: zod cannot infer it through `preprocess`.
 */
function loose<In, T extends z.ZodType>(coerce: Coerce, inner: T) {
  type Out = z.output<T>;
  const pre = (v: unknown) => (isAbsent(v) ? undefined : coerce(v));
  return {
    req: () => z.preprocess(pre, inner) as unknown as z.ZodType<Out, In>,
    opt: () => z.preprocess(pre, inner.optional()) as unknown as z.ZodOptional<z.ZodType<Out, In>>,
    def: (value: Out) =>
      z.preprocess((v) => (isAbsent(v) ? value : coerce(v)), inner) as unknown as z.ZodDefault<z.ZodType<Out, In>>,
  };
}

const conversationRef = z.union([
  z.object({ kind: z.literal('user'), id: z.number().int().min(1) }),
  z.object({ kind: z.literal('group'), id: z.number().int().min(1) }),
  z.object({ kind: z.literal('favourites') }),
  z.object({ kind: z.literal('admin_notice') }),
  z.object({ kind: z.literal('system') }),
]);

/** Wire forms a client may send (§1.2); numbers may also travel as their decimal strings. */
export type IntIn = number | `${number}`;
/** A group id: N, "N" or "group-N". */
export type GidIn = number | string;
/** A conversation id (§1.4): a uid, -1, "group-N", "admin_notice" or "system". */
export type CidIn = number | string;
export type FlagIn = 0 | 1 | boolean | '0' | '1';
/** An object, or its JSON text (form bodies). */
export type ObjIn = object | string;

/** The §1.2 types. `password` is a `str` that is never trimmed. */
export const t = {
  int: loose<IntIn, z.ZodNumber>(toInt, z.number().int()),
  flag: loose<FlagIn, z.ZodType<0 | 1>>(toFlag, z.union([z.literal(0), z.literal(1)])),
  str: loose<string, z.ZodString>((v) => toStr(v), z.string()),
  password: loose<string, z.ZodString>((v) => toStr(v, false), z.string()),
  uid: loose<IntIn, z.ZodNumber>(toInt, z.number().int().min(1)),
  gid: loose<GidIn, z.ZodNumber>(toGid, z.number().int().min(1)),
  cid: loose<CidIn, typeof conversationRef>(toCid, conversationRef),
  uuid: loose<string, z.ZodString>(toUuid, z.string().regex(UUID_RE)),
  obj: loose<ObjIn, z.ZodRecord<z.ZodString, z.ZodUnknown>>(toObj, z.record(z.string(), z.unknown())),
  list: <I extends z.ZodType>(item: I) => loose<Array<z.input<I>>, z.ZodArray<I>>(toList, z.array(item).max(1000)),
};

/** Item coercions for `t.list(...)`. */
export const item = {
  int: z.preprocess(toInt, z.number().int()) as unknown as z.ZodType<number, IntIn>,
  uid: z.preprocess(toInt, z.number().int().min(1)) as unknown as z.ZodType<number, IntIn>,
  cid: z.preprocess(toCid, conversationRef) as unknown as z.ZodType<ConversationRef, CidIn>,
  obj: z.preprocess(toObj, z.record(z.string(), z.unknown())) as unknown as z.ZodType<Record<string, unknown>, ObjIn>,
};

/** Paging params of PROTOCOL §1.5. `limit` 0 means "all" only where an endpoint says so. */
export const paging = { page: t.int.def(1), limit: t.int.def(20) };
