import { create } from 'zustand';
import { i18n } from '../../i18n';
import { dialogs } from '../../ui/dialogs';
import { useOpenChat } from '../../state/conversations/reading';
import { useAuth } from '../../state/auth';
import { endpoints } from '../../lib/endpoints';
import { permission, setDeviceNotify, type Permission } from './system-notify';

/**
 * Asking for the notification permission at a sensible moment (issue 22): never on first load;
 * once, after the first chat was opened on this device, and whenever asked from Me → Settings.
 * Our own dialog explains first, so the browser's prompt (which can be refused only once)
 * comes when the user already said yes. A refusal is explained in words, with the way back.
 */
export const usePermission = create<{ value: Permission }>(() => ({ value: permission() }));
const refresh = () => usePermission.setState({ value: permission() });

/** A device that was offered before (this browser's older memory, honoured still). */
const ASKED_KEY = 'parley.notify.asked';
/**
 * The account remembers the offer (issue 42 #7): a Parley key of the account settings, which
 * the server keeps with unknown keys (PROTOCOL §2.4 `setting`), so a new browser does not ask again.
 */
const ACCOUNT_KEY = 'notifyAsked';
/** Push subscription follows the permission (pwa/push.ts registers itself here). */
const granted = new Set<() => void>();
export function onPermissionGranted(fn: () => void): void {
  granted.add(fn);
}

/** `explained`: the user already read why and said yes (the offer bar): no dialog of ours first. */
export async function askNotifications(opts: { explained?: boolean } = {}): Promise<Permission> {
  refresh();
  const now = permission();
  if (now === 'unsupported') return now;
  if (now === 'denied') {
    await dialogs.modal({
      title: i18n.t('pwa.notify.rowTitle'),
      content: i18n.t('pwa.notify.denied'),
      showCancel: false,
    });
    return now;
  }
  if (now === 'default') {
    const ok = opts.explained
      ? { confirm: true }
      : await dialogs.modal({
          title: i18n.t('pwa.notify.askTitle'),
          content: i18n.t('pwa.notify.askText'),
          confirmText: i18n.t('pwa.notify.askOk'),
          cancelText: i18n.t('pwa.notify.askLater'),
        });
    if (!ok.confirm) return now;
    await Notification.requestPermission().catch(() => 'default');
    refresh();
    if (permission() === 'denied') {
      await dialogs.modal({
        title: i18n.t('pwa.notify.rowTitle'),
        content: i18n.t('pwa.notify.denied'),
        showCancel: false,
      });
      return 'denied';
    }
    if (permission() !== 'granted') return permission();
  }
  setDeviceNotify(true);
  refresh();
  for (const fn of granted) fn();
  dialogs.toast(i18n.t('pwa.notify.enabled'));
  return 'granted';
}

/**
 * The offer after the first chat: a bar that does not block the chat (OfferBar), not a dialog
 * over what the user came to type.
 */
export const useNotifyOffer = create<{ open: boolean }>(() => ({ open: false }));

export function acceptOffer(): void {
  useNotifyOffer.setState({ open: false });
  void askNotifications({ explained: true });
}

export function declineOffer(): void {
  useNotifyOffer.setState({ open: false });
}

function deviceAsked(): boolean {
  try {
    return Boolean(localStorage.getItem(ASKED_KEY));
  } catch {
    return true;
  }
}

/** The device's memory, written whenever the offer is decided (also when the account had it). */
function rememberOnDevice(): void {
  try {
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    // storage closed: the account still remembers
  }
}

/** The account's, at the offer: saved quietly, since a failed save only means one more offer elsewhere. */
function rememberOnAccount(): void {
  const { userInfo, setUserInfo } = useAuth.getState();
  if (!userInfo) return;
  setUserInfo({ ...userInfo, setting: { ...userInfo.setting, [ACCOUNT_KEY]: true } });
  endpoints.saveSetting({ [ACCOUNT_KEY]: true }).catch(() => undefined);
}

/** Once per account: the first time a chat opens, a moment after (the chat draws first). */
export function askAfterFirstChat(): () => void {
  const unsubscribe = useOpenChat.subscribe((s) => {
    if (s.id === null || !useAuth.getState().userInfo) return;
    unsubscribe();
    const asked = Boolean(useAuth.getState().userInfo?.setting?.[ACCOUNT_KEY]) || deviceAsked();
    if (permission() !== 'default') return;
    rememberOnDevice();
    if (asked) return;
    rememberOnAccount();
    setTimeout(() => useNotifyOffer.setState({ open: permission() === 'default' }), 1200);
  });
  return unsubscribe;
}
