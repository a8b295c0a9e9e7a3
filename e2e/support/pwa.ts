import type { Page } from 'playwright-core';

/** Helpers for the installable app (issue 22): the service worker and the device's IndexedDB. */

/** Waits until the service worker is active and controls this page (reloading once if needed). */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** The keys of one of the app's device stores (lib/device-store.ts), e.g. `cache`, `outbox`. */
export async function deviceKeys(page: Page, name: string): Promise<string[]> {
  return page.evaluate(
    (n) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(`parley-${n}`);
        open.onupgradeneeded = () => open.result.createObjectStore(n);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(n)) {
            db.close();
            resolve([]);
            return;
          }
          const req = db.transaction(n, 'readonly').objectStore(n).getAllKeys();
          req.onsuccess = () => {
            db.close();
            resolve(req.result.map(String));
          };
          req.onerror = () => resolve([]);
        };
      }),
    name,
  );
}
