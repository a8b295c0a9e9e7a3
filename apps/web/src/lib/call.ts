import type { AnswerData, CallPath, EndpointPath, Envelope, PagedPath, ParamsIn } from '@parley/protocol';
import { api, type RequestOptions, type UploadOptions } from './api-client';

/**
 * The web's API calls, one per endpoint of the protocol's table: `call(paths.x, params)` takes
 * the params that endpoint accepts and resolves to the `data` it answers, so a field renamed in
 * the table breaks the compiler here as it does on the server. Only types come from the table
 * (`import type`): its zod schemas stay out of the bundle.
 */

/** `data` of a successful answer. */
export function call<P extends CallPath>(
  path: P,
  params: ParamsIn<P>,
  options?: RequestOptions,
): Promise<AnswerData<P>> {
  return api.post<AnswerData<P>>(path, params, options);
}

/** The whole envelope of a paged endpoint: `count` and `page` mean something there (§1.5). */
export function callPaged<P extends PagedPath>(
  path: P,
  params: ParamsIn<P>,
  options?: RequestOptions,
): Promise<Envelope<AnswerData<P>>> {
  return api.request<AnswerData<P>>(path, params, options);
}

type PrefixPath = Extract<EndpointPath, `${string}/*`>;

/** A prefix route (`/scan/u/*`) called with the rest of its path (a scanned code, sent as it is). */
export function callPrefixed<P extends PrefixPath>(
  route: P,
  rest: string,
  params: ParamsIn<P>,
  options?: RequestOptions,
): Promise<AnswerData<P>> {
  return api.post<AnswerData<P>>(`${route.slice(0, -1)}${rest}`, params, options);
}

type UploadPath = Extract<CallPath, `/common/upload/${string}`>;
/** A multipart upload (§5); the form's fields are named in the protocol's `uploadFields`. */
export function upload<P extends UploadPath>(path: P, form: FormData, options?: UploadOptions): Promise<AnswerData<P>> {
  return api.upload<AnswerData<P>>(path, form, options);
}
