import { queryClient } from '../lib/query-client';
import { i18n } from '../i18n';
import { logout } from '../features/auth/api';
import { startRealtime } from '../features/realtime/realtime';
import { href } from '../nav/routes';

type AppRouter = { navigate: (to: string, options: { replace: boolean }) => unknown };

/** Start the app-wide socket; forced offline logs out to the login page with the spec's text. */
export function wireRealtime(router: AppRouter): () => void {
  return startRealtime({
    qc: queryClient,
    onKicked: () => {
      const text = i18n.t('realtime.kicked');
      void (async () => {
        await logout();
        void router.navigate(href('login'), { replace: true });
        const { dialogs } = await import('../ui/dialogs');
        await dialogs.modal({ content: text, showCancel: false });
      })();
    },
  });
}
