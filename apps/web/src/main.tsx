import './ui/theme.css';
import i18n from 'i18next';
import { languageReady } from './i18n';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { Providers } from './app/providers';
import { wireApi } from './app/wire-api';
import { queryClient, refetchOnLanguageChange } from './lib/query-client';
import { useAuth } from './state/auth';

// Issue 22's parts load as chunks of their own, so the login page's first load stays small.
const deviceData = () => import('./features/offline/device').then((m) => m.startDeviceData(queryClient));
const PwaBars = lazy(() => import('./features/pwa/start').then((m) => ({ default: m.PwaBars })));
// Signed in: what this device kept (last chats, unsent messages) is in the cache before anything
// renders. Signed out: nothing is kept yet; the keeper starts beside the login page.
await languageReady;
if (useAuth.getState().token) await deviceData();
else void deviceData();
const router = createAppRouter();
wireApi(router);
// The socket and its event handlers load after the first paint: the login page needs none of them.
void import('./app/wire-realtime').then((m) => m.wireRealtime(router));
refetchOnLanguageChange(i18n);
void import('./features/pwa/start').then((m) => m.startPwa(router));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <PwaBars />
      </Suspense>
    </Providers>
  </StrictMode>,
);
