// Before any module that could load zod (see the module).
import './lib/zod-jitless';
// antd-mobile's variables first, then the theme that sets them (see app/providers.tsx).
import 'antd-mobile/es/global';
import './ui/theme.css';
import i18n from 'i18next';
import { languageReady } from './i18n';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { firstScreenReady } from './app/first-screen';
import { Providers } from './app/providers';
import { wireApi } from './app/wire-api';
import { queryClient, refetchOnLanguageChange } from './lib/query-client';
import { useAuth } from './state/auth';
import { whenSignedIn } from './app/when-signed-in';

// Issue 22's parts load as chunks of their own, so the login page's first load stays small.
const deviceData = (atSignIn = false) =>
  import('./features/offline/device').then((m) => m.startDeviceData(queryClient, { atSignIn }));
const PwaBars = lazy(() => import('./features/pwa/start').then((m) => ({ default: m.PwaBars })));
/** The "new version" prompt and the notification offer: signed-in pages only, like the rest of the PWA. */
function SignedInBars() {
  const signedIn = useAuth((s) => s.token !== null);
  return signedIn ? (
    <Suspense fallback={null}>
      <PwaBars />
    </Suspense>
  ) : null;
}

/**
 * The start, in a function rather than at the module's top level: this module shares its chunk
 * with what every screen imports (vite.config.ts), so a top-level await here would keep that
 * chunk unfinished while the lazy chunk it awaits waits for it (a blank page, for ever).
 */
async function start(root: HTMLElement) {
  // Signed in: what this device kept (last chats, unsent messages) is in the cache before anything
  // renders. Signed out: nothing is kept yet; the keeper starts at sign-in.
  await languageReady;
  if (useAuth.getState().token) await deviceData();
  else whenSignedIn(() => void deviceData(true));
  const router = createAppRouter();
  wireApi(router);
  refetchOnLanguageChange(i18n);
  // The socket, its event handlers and the service worker (which precaches the whole app) belong
  // to the signed-in app: a visitor at the login form fetches none of them (issue 42 #10).
  whenSignedIn(() => {
    void import('./app/wire-realtime').then((m) => m.wireRealtime(router));
    void import('./features/pwa/start').then((m) => m.startPwa(router));
    void import('./features/mine/account-sync').then((m) => m.startAccountSync());
  });
  // A failed preload must not leave a blank page: the screen's own loader then shows the error and a retry.
  await firstScreenReady(router).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <SignedInBars />
      </Providers>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
