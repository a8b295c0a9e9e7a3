/*
 * Imported by the Workbox service worker (vite.config.ts `importScripts`): Web Push and clicks
 * on notifications. Plain script, no bundling: it runs in the worker's global scope.
 *
 * A push payload (PROTOCOL §17, packages/protocol/src/push.ts) is JSON
 * `{kind:"message"|"call", title, body, tag, url}`; `tag` collapses one conversation's
 * notifications into one, `url` is the app route to open (hash route of spec §2).
 */
self.addEventListener('push', (event) => {
  let p;
  try {
    p = event.data ? event.data.json() : {};
  } catch {
    p = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(p.title || 'Parley', {
      body: p.body || '',
      tag: p.tag || undefined,
      renotify: Boolean(p.tag),
      requireInteraction: p.kind === 'call',
      icon: 'icons/icon-192.png',
      badge: 'icons/favicon-32.png',
      data: { url: p.url || '' },
    }),
  );
});

/** Opens the chat or the call: an open window of the app is focused and told where to go. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // '' = only bring the app up (a ringing call's screen is already open in the tab).
  const url = (event.notification.data && event.notification.data.url) || '';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        if (url) open.postMessage({ type: 'parley-open', url });
        return open.focus();
      }
      return self.clients.openWindow(new URL(url || './', self.registration.scope).href);
    })(),
  );
});
