import { z } from 'zod';
import { t } from './coerce';

/**
 * Web Push (Parley extension, issue 22; PROTOCOL is silent on it, so it is specified here).
 *
 * A browser that allowed notifications subscribes with the server's VAPID public key; the
 * subscription belongs to the session (token) that stored it and is removed when that session
 * ends (logout, revocation, expiry), on `unsubscribe`, or when the push service answers 404/410.
 * The server pushes a new message or an incoming call to a user only while that user has no live
 * socket connection on any node, and never for a conversation the user muted (`is_notice` 0).
 *
 * | Path (T) | Params | data |
 * |---|---|---|
 * | `/enterprise/im/push/key` | – | `{publicKey}`: the VAPID public key, base64url (uncompressed P-256 point) |
 * | `/enterprise/im/push/subscribe` | `endpoint*:str` (https URL of a public host, ≤ 1024), `keys*:obj` `{p256dh, auth}` (base64url) | `""` |
 * | `/enterprise/im/push/unsubscribe` | `endpoint:str` (absent: every subscription of this session) | `""` |
 *
 * Bad input answers 400 `common.badParam`. Payloads are encrypted per RFC 8291 (aes128gcm),
 * carry `TTL` 24 h for messages and 60 s for calls, and a `Topic` per conversation so a push
 * service keeps only the newest undelivered one of each. The decrypted payload is `PushPayload`.
 */
export const pushPaths = {
  key: '/enterprise/im/push/key',
  subscribe: '/enterprise/im/push/subscribe',
  unsubscribe: '/enterprise/im/push/unsubscribe',
} as const;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/)
  .max(200);

export const pushSubscribeParams = z.object({
  endpoint: t.str.req().pipe(z.url({ protocol: /^https?$/ }).max(1024)),
  keys: t.obj.req().pipe(z.object({ p256dh: base64url, auth: base64url })),
});
export type PushSubscribeParams = z.infer<typeof pushSubscribeParams>;

export const pushUnsubscribeParams = z.object({ endpoint: t.str.opt() });
export type PushUnsubscribeParams = z.infer<typeof pushUnsubscribeParams>;

export interface PushKey {
  publicKey: string;
}

/** What a push carries once decrypted (public/sw-push.js shows it). */
export interface PushPayload {
  kind: 'message' | 'call';
  /** The conversation's name (the caller's for calls). */
  title: string;
  /** The message preview ("Alice: …" in groups), or the call text. */
  body: string;
  /** One notification per conversation: a newer one replaces it. */
  tag: string;
  /** The app route to open, e.g. `./#/pages/message/chat?id=12`. */
  url: string;
  /** The conversation (PROTOCOL §1.4 form) and the sender's user id. */
  conversation: string;
  from: number;
}
