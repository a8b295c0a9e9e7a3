import './ui/theme.css';
import i18n from 'i18next';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { Providers } from './app/providers';
import { wireApi } from './app/wire-api';
import { wireRealtime } from './app/wire-realtime';
import { queryClient, refetchOnLanguageChange } from './lib/query-client';
import { startServiceWorker } from './features/pwa/update';
import { UpdatePrompt } from './features/pwa/UpdatePrompt';
import { OfferBar } from './features/pwa/OfferBar';
import { startDeviceData } from './features/offline/device';
import { startPush } from './features/pwa/push';
import { askAfterFirstChat } from './features/pwa/permission';

// What this device kept (last chats, unsent messages) is in the cache before anything renders.
await startDeviceData(queryClient);
const router = createAppRouter();
wireApi(router);
wireRealtime(router);
refetchOnLanguageChange(i18n);
// A click on a notification names an app route (`./#/pages/…`): follow it in this tab.
startServiceWorker((url) => void router.navigate(url.includes('#') ? url.slice(url.indexOf('#') + 1) : '/'));
startPush();
askAfterFirstChat();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <UpdatePrompt />
      <OfferBar />
    </Providers>
  </StrictMode>,
);
