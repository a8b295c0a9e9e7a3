import type { z } from 'zod';
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { contactEndpoints } from './contacts';
import type { Answer } from './define';
import { fileEndpoints } from './files';
import { groupEndpoints } from './groups';
import { messageEndpoints } from './messages';
import { momentEndpoints } from './moments';
import { pushEndpoints } from './push';
import { orgEndpoints } from './org';
import { ssoEndpoints } from './sso';
import type { ApiPath } from '../paths';

export type { Answer, AuthMode, EndpointDef } from './define';

/**
 * The endpoint table: every wire path (prefix routes end in `/*`) → auth mode, request schema,
 * answer type. The server registers exactly these routes; the web calls them through `call()`.
 * A module that needs only the types (`import type`) pulls neither the schemas nor zod.
 */
export const endpoints = {
  ...accountEndpoints,
  ...contactEndpoints,
  ...messageEndpoints,
  ...groupEndpoints,
  ...fileEndpoints,
  ...momentEndpoints,
  ...adminEndpoints,
  ...pushEndpoints,
  ...orgEndpoints,
  ...ssoEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
/** Paths a client names as they are (prefix routes are called with their code appended). */
export type CallPath = Exclude<EndpointPath, `${string}/*`>;

/** What a client may send: the §1.2 wire forms, optional where the server has a default. */
export type ParamsIn<P extends EndpointPath> = z.input<Endpoints[P]['params']>;
/** What a handler reads: the coerced values, defaults filled in. */
export type ParamsOut<P extends EndpointPath> = z.output<Endpoints[P]['params']>;
/** The type of the answer's `data`. */
export type AnswerData<P extends EndpointPath> = Endpoints[P]['answer'] extends Answer<infer D, boolean> ? D : never;
/** True where the answer's `count` and `page` carry meaning. */
export type IsPaged<P extends EndpointPath> = Endpoints[P]['answer'] extends Answer<unknown, true> ? true : false;
/** Paths of the paged endpoints. */
export type PagedPath = { [P in CallPath]: IsPaged<P> extends true ? P : never }[CallPath];

/** Every path of `paths` has its row (a prefix route under its path + `/*`); tsc names the missing ones. */
type PrefixOf<K> = K extends `${infer P}/*` ? P : K;
type Unlisted = Exclude<ApiPath, PrefixOf<EndpointPath>>;
export const everyPathListed: [Unlisted] extends [never] ? true : Unlisted = true;
