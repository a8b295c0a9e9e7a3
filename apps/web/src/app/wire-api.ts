import { configureApi } from '../lib/api-client';
import { deviceId } from '../lib/device';
import { acceptLanguage, i18n } from '../i18n';
import { useAuth } from '../state/auth';
import { href } from '../nav/routes';

const loadDialogs = () => import('../ui/dialogs').then((m) => m.dialogs);

type AppRouter = { navigate: (to: string, options: { replace: boolean }) => unknown };

/** Give the API client its side effects: session headers, toasts, dialogs, going to login. */
export function wireApi(router: AppRouter): void {
  const cid = deviceId();
  configureApi({
    getToken: () => useAuth.getState().token,
    getClientId: () => useAuth.getState().clientId,
    getCid: () => cid,
    getLanguage: acceptLanguage,
    text: (key) => i18n.t(`net.${key}`),
    // Dialogs load on first use so the UI kit's pickers stay out of the initial chunk.
    toast: (text, duration) => void loadDialogs().then((d) => d.toast(text, { duration })),
    alert: async (title, text) => {
      await (await loadDialogs()).modal({ title, content: text, showCancel: false });
    },
    clearCredentials: () => useAuth.getState().clear(),
    goLogin: () => void router.navigate(href('login'), { replace: true }),
  });
}
