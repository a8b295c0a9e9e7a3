import './ui/theme.css';
import i18n from 'i18next';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { Providers } from './app/providers';
import { wireApi } from './app/wire-api';
import { refetchOnLanguageChange } from './lib/query-client';

const router = createAppRouter();
wireApi(router);
// The socket and its event handlers load after the first paint: the login page needs none of them.
void import('./app/wire-realtime').then((m) => m.wireRealtime(router));
refetchOnLanguageChange(i18n);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
