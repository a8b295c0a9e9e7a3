import type { DataRouter } from 'react-router';
import type { ScreenHandle } from './router';
import { routeTable, type RouteMeta } from '../nav/routes';

/**
 * Resolves when the first render can show the page itself (issue 42 #10). Rendered at once, the
 * app would draw three trees on a phone's slow CPU: the router's fallback while its guards run
 * (they are synchronous, but the router runs them a few microtasks later), then the screen's own
 * fallback while its code is imported, then the screen. Here we wait for the guards and, for the
 * login and register pages, for their code, which index.html has already fetched beside the boot
 * chunk (vite.config.ts); so it costs no round trip. Signed-in pages are not waited for: their
 * code is not preloaded, and they show the shell while it comes.
 */
export async function firstScreenReady(router: DataRouter): Promise<void> {
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  const handle = router.state.matches.at(-1)?.route.handle as ScreenHandle | undefined;
  const meta: RouteMeta | undefined = handle ? routeTable[handle.route] : undefined;
  if (handle && meta?.public === true) await handle.preload();
}
