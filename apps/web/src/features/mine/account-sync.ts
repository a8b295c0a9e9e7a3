import { currentLanguage, i18n, languages, setLanguage, type Language } from '../../i18n';
import { useAuth } from '../../state/auth';
import { replaceDrafts, useDrafts } from '../../state/messages/drafts';
import { draftsToSync, mergeDrafts, readBase, remoteDrafts, writeBase } from '../../state/messages/drafts-sync';
import { rememberSetting } from '../../state/remember-setting';

/**
 * The language and the drafts follow the account (issue 42 #6), through its settings like every
 * other setting (packages/protocol `UserSetting.language`, `.drafts`; notifications: pwa/notify-sync.ts).
 * What arrives (the Self at sign-in, `updateSelf` from my other devices) is applied here; what this
 * device chooses is saved quietly. A drafts save waits until typing pauses: not one per keystroke.
 */
const DRAFTS_SAVE_MS = 1500;
const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (languages as readonly string[]).includes(v);

function follow(): void {
  const me = useAuth.getState().userInfo;
  if (!me) return;
  const setting: Record<string, unknown> = me.setting ?? {};
  const lang = setting.language;
  // An account that never chose keeps each device's own language until a switch is made.
  if (isLanguage(lang) && lang !== currentLanguage()) void setLanguage(lang);
  const remote = remoteDrafts(setting);
  if (remote) {
    const local = useDrafts.getState().all[String(me.user_id)] ?? {};
    const base = readBase(me.user_id);
    writeBase(me.user_id, remote);
    replaceDrafts(me.user_id, mergeDrafts(local, base, remote));
  }
}

function publishDrafts(): void {
  const me = useAuth.getState().userInfo;
  if (!me) return;
  const out = draftsToSync(useDrafts.getState().all[String(me.user_id)] ?? {});
  const now = remoteDrafts(me.setting) ?? {};
  if (JSON.stringify(out) === JSON.stringify(now)) return;
  writeBase(me.user_id, out);
  rememberSetting({ drafts: out });
}

export function startAccountSync(): () => void {
  follow();
  const stopAuth = useAuth.subscribe((s, prev) => {
    if (s.userInfo?.setting !== prev.userInfo?.setting || s.userInfo?.user_id !== prev.userInfo?.user_id) follow();
  });
  const onLanguage = (lng: string) => {
    if (isLanguage(lng) && useAuth.getState().token) rememberSetting({ language: lng });
  };
  i18n.on('languageChanged', onLanguage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopDrafts = useDrafts.subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(publishDrafts, DRAFTS_SAVE_MS);
  });
  // Leaving the page saves what is still waiting.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    publishDrafts();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    stopAuth();
    stopDrafts();
    i18n.off('languageChanged', onLanguage);
    window.removeEventListener('pagehide', flush);
    clearTimeout(timer);
  };
}
