import type { z } from 'zod';

/**
 * The building blocks of the endpoint table (PROTOCOL §1–§12): each wire path names its auth
 * mode, its request schema (zod, with the §1.2 coercions) and the type of its answer's `data`.
 * The answer exists only at type level, so a module that imports the table's types pulls no
 * code; the server's `route()` and the web's `call()` both read their types from here.
 */

/** `required`: a valid token or -1 (§2.2); `optional`: the caller if the token is valid; `none`: ignored. */
export type AuthMode = 'required' | 'optional' | 'none';

declare const answerBrand: unique symbol;

/**
 * What an endpoint answers: `data` of type `D`. `Paged` endpoints also fill the envelope's
 * `count` and `page` (§1.5); the others leave them at 0 and 1.
 */
export interface Answer<D, Paged extends boolean> {
  readonly [answerBrand]: { data: D; paged: Paged };
}

/** An answer whose `data` is `D`. */
export const data = <D>() => ({}) as Answer<D, false>;
/** A success that carries no data: the envelope's `data` is `""` (§1.3). */
export const done = () => ({}) as Answer<'', false>;
/** An answer whose `count` and `page` mean something (§1.5); `D` is the whole `data`, e.g. `Row[]`. */
export const paged = <D>() => ({}) as Answer<D, true>;

export interface EndpointDef {
  auth: AuthMode;
  params: z.ZodType;
  answer: Answer<unknown, boolean>;
}
