import { noParams } from '../contacts';
import { pushPaths, pushSubscribeParams, pushUnsubscribeParams, type PushKey } from '../push';
import { data, done, type EndpointDef } from './define';

/** Web Push (Parley extension, issue 22; the paths and rules are in push.ts). */
export const pushEndpoints = {
  [pushPaths.key]: { auth: 'required', params: noParams, answer: data<PushKey>() },
  [pushPaths.subscribe]: { auth: 'required', params: pushSubscribeParams, answer: done() },
  [pushPaths.unsubscribe]: { auth: 'required', params: pushUnsubscribeParams, answer: done() },
} as const satisfies Record<string, EndpointDef>;
