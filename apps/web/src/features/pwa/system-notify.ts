import { CallType, type Contact, type Message, type WebrtcPayload } from '@parley/protocol';
import { z } from 'zod';
import { i18n } from '../../i18n';
import { href } from '../../nav/routes';
import { keyOf } from '../../state/conversations/model';
import { previewOf } from '../../state/messages/preview';
import { swRegistration } from './update';
import { rememberSetting } from '../../state/remember-setting';

/**
 * System notifications while the page is hidden (issue 22): new messages and incoming calls.
 * Shown only when the browser allows them, this device has them on (Me → Settings), and the
 * conversation notifies (`is_notice`, the per-chat mute). They are silent when the user's
 * sound setting (`isVoice`) is off. One per conversation (`tag`): a newer message replaces the
 * older one. A click opens that chat or the call (public/sw-push.js, pwa/update.ts).
 */
export type Permission = 'granted' | 'denied' | 'default' | 'unsupported';

export function permission(): Permission {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

const DEVICE_KEY = 'parley.notify';

/** This device's choice (on unless turned off in settings); the browser's permission comes on top. */
export function deviceNotifyOn(): boolean {
  try {
    return !z.literal('0').safeParse(localStorage.getItem(DEVICE_KEY)).success;
  } catch {
    return true;
  }
}

/** The choice, on this device and on the account (issue 42 #6: the user's other browsers follow). */
export function setDeviceNotify(on: boolean): void {
  rememberSetting({ notify: on });
  try {
    if (on) localStorage.removeItem(DEVICE_KEY);
    else localStorage.setItem(DEVICE_KEY, '0');
  } catch {
    // Not remembered; harmless.
  }
}

export const notificationsOn = () => permission() === 'granted' && deviceNotifyOn();

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

interface Shown {
  title: string;
  body: string;
  tag: string;
  url: string;
  silent: boolean;
  call?: boolean;
}

async function show(n: Shown): Promise<void> {
  const options: NotificationOptions & { renotify?: boolean; requireInteraction?: boolean } = {
    body: n.body,
    tag: n.tag,
    renotify: true,
    silent: n.silent,
    requireInteraction: n.call === true,
    icon: 'icons/icon-192.png',
    data: { url: n.url },
  };
  // Through the service worker when there is one: its click handler works even after this tab
  // was closed. Otherwise a page notification, focused here on click.
  const reg = await swRegistration().catch(() => undefined);
  if (reg?.active) {
    await reg.showNotification(n.title, options);
    return;
  }
  const shown = new Notification(n.title, options);
  shown.onclick = () => {
    window.focus();
    if (n.url) window.location.hash = n.url.slice(n.url.indexOf('#') + 1);
    shown.close();
  };
}

/** A message from someone else arrived while the page is hidden. */
export function notifyMessage(contact: Contact | undefined, msg: Message, soundOn: boolean): void {
  if (!pageHidden() || !notificationsOn()) return;
  if (contact && contact.is_notice !== 1) return;
  const conversation = contact ? keyOf(contact.id) : keyOf(msg.toContactId);
  const sender = msg.fromUser?.displayName || msg.fromUser?.realname || '';
  const text = previewOf(msg.type, msg.content, i18n.t);
  const group = conversation.startsWith('group-');
  void show({
    title: contact?.displayName || sender || i18n.t('app.name'),
    body: group ? i18n.t('pwa.notify.fromInGroup', { name: sender, text }) : text,
    tag: `chat-${conversation}`,
    url: `./#${href('chat', { id: conversation })}`,
    silent: !soundOn,
  }).catch(() => undefined);
}

/** A `webrtc` event: notifies when it is a call ringing for me and the page is hidden. */
export function notifyCall(p: WebrtcPayload, myId: number | null, soundOn: boolean): void {
  if (p.extends.event !== 'calling' || p.fromUser.id === myId) return;
  if (!pageHidden() || !notificationsOn()) return;
  void show({
    title: p.fromUser.displayName || p.fromUser.realname,
    body: i18n.t(p.extends.type === CallType.video ? 'pwa.notify.incomingVideo' : 'pwa.notify.incomingVoice'),
    tag: `call-${p.fromUser.id}`,
    // The call screen is already open in the tab (features/calls): a click only brings it up.
    url: '',
    silent: !soundOn,
    call: true,
  }).catch(() => undefined);
}
