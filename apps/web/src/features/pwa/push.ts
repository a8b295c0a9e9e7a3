import { pushPaths } from '@parley/protocol';
import { call } from '../../lib/call';
import { useAuth } from '../../state/auth';
import { onPermissionGranted } from './permission';
import { notificationsOn } from './system-notify';
import { swRegistration } from './update';

/**
 * Web Push for this device (issue 22): once notifications are allowed, the browser subscribes
 * with the server's VAPID key and the subscription is stored for this session, so messages and
 * calls reach the user when no tab is open. The server drops it when the session ends; this side
 * also unsubscribes at sign-out so nothing arrives for the next person on the device.
 */
const quietly = { silent: true, quietSuccess: true } as const;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function subscribePush(): Promise<boolean> {
  if (!notificationsOn() || !useAuth.getState().token) return false;
  const reg = await swRegistration();
  if (!reg?.pushManager) return false;
  try {
    await navigator.serviceWorker.ready;
    const { publicKey } = await call(pushPaths.key, {}, quietly);
    const key = keyBytes(publicKey);
    let sub = await reg.pushManager.getSubscription();
    // A subscription made for another server key (keys regenerated) cannot be used.
    const sameKey =
      sub?.options.applicationServerKey &&
      new Uint8Array(sub.options.applicationServerKey).every((b, i) => b === key[i]);
    if (sub && !sameKey) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const { endpoint, keys } = sub.toJSON();
    // A browser that hands out no endpoint or keys cannot be pushed to.
    if (!endpoint || !keys) return false;
    await call(pushPaths.subscribe, { endpoint, keys }, quietly);
    return true;
  } catch {
    // No push service reachable (intranets without internet): notifications still work while a tab is open.
    return false;
  }
}

/** This device stops receiving pushes (settings switch, sign-out). */
export async function unsubscribePush(): Promise<void> {
  const reg = await swRegistration().catch(() => undefined);
  const sub = await reg?.pushManager?.getSubscription().catch(() => null);
  if (!sub) return;
  if (useAuth.getState().token)
    await call(pushPaths.unsubscribe, { endpoint: sub.endpoint }, quietly).catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
}

/** Subscribes after each sign-in and when permission is granted; unsubscribes at sign-out. */
export function startPush(): () => void {
  onPermissionGranted(() => void subscribePush());
  if (useAuth.getState().token) void subscribePush();
  return useAuth.subscribe((s, prev) => {
    if (s.token === prev.token) return;
    if (s.token) void subscribePush();
    else void unsubscribePush();
  });
}
