import { configureApi } from '../lib/api-client';
import { deviceId } from '../lib/device';
import { acceptLanguage, i18n } from '../i18n';
import { dialogs } from '../ui/dialogs';
import { useAuth } from '../features/auth/store';
import { href } from './routes';

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
    toast: (text, duration) => dialogs.toast(text, { duration }),
    alert: async (title, text) => {
      await dialogs.modal({ title, content: text, showCancel: false });
    },
    clearCredentials: () => useAuth.getState().clear(),
    goLogin: () => void router.navigate(href('login'), { replace: true }),
  });
}
