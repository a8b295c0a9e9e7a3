import { Workbox } from 'workbox-window';
import { create } from 'zustand';

/**
 * The service worker's life cycle as the page sees it. A new build installs in the background
 * and then waits; the prompt (UpdatePrompt) lets the user reload into it. The reload happens only
 * once the new worker controls the page, so old and new bundles never mix.
 */
interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  waiting: boolean;
}

export const useUpdate = create<UpdateState>(() => ({ waiting: false }));

let wb: Workbox | null = null;
let registration: ServiceWorkerRegistration | undefined;

/** The active registration, for notifications and push (undefined without a worker). */
export async function swRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (registration) return registration;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return (await navigator.serviceWorker.getRegistration('./')) ?? undefined;
}

const CHECK_EVERY_MS = 30 * 60_000;

/** Registers the worker in production builds; `openUrl` follows clicks on notifications. */
export function startServiceWorker(openUrl: (url: string) => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  wb = new Workbox('./sw.js', { scope: './' });
  wb.addEventListener('waiting', () => useUpdate.setState({ waiting: true }));
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<unknown>) => {
    const d = e.data as { type?: unknown; url?: unknown } | null;
    if (d?.type === 'parley-open' && typeof d.url === 'string') openUrl(d.url);
  });
  void wb
    .register()
    .then((r) => {
      registration = r;
    })
    .catch(() => undefined);
  // Long-lived tabs look for a new build now and then, and when they come back to the front.
  setInterval(() => void wb?.update().catch(() => undefined), CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb?.update().catch(() => undefined);
  });
}

/** The user accepted: activate the waiting worker, then reload under it. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  useUpdate.setState({ waiting: false });
}
