import { useEffect, useState, type ComponentType } from 'react';
import { PageFallback, PageLoadFailed } from './PageFallback';

/**
 * Spec §9 lazy pages: the screen's code loads when it is first shown; meanwhile the loading
 * state (only after 200 ms, PageFallback). A failed load (offline, or a deploy replaced the
 * files) shows a translated tap-to-retry at once and keeps retrying by itself, backing off, for
 * 60 s; a tap starts a new 60 s window. When a tap's own attempt fails while the browser says
 * it is online, the files are most likely gone (a new release), so the page reloads to get the
 * new ones.
 */

export type ScreenImporter = () => Promise<{ default: ComponentType }>;

export const RETRY_WINDOW_MS = 60_000;
/** Waits between automatic attempts: 1, 2, 4, 8, 8… s. */
const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 8000);

/** Overridable in tests (jsdom cannot reload). */
export const lazyDeps = { reload: (): void => window.location.reload(), online: (): boolean => navigator.onLine };

/** A lazy screen, and a way to fetch its code before it renders (`preload` never rejects). */
export type LazyScreen = ComponentType & { preload(): Promise<void> };

export function lazyScreen(importer: ScreenImporter): LazyScreen {
  let loaded: ComponentType | null = null;
  let inflight: Promise<unknown> | null = null;
  const load = (): Promise<unknown> =>
    (inflight ??= importer().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        inflight = null;
        throw err;
      },
    ));

  function LazyScreen() {
    const [, setLoadedTick] = useState(0);
    const [failed, setFailed] = useState(false);
    // Each tap on retry starts a new window; the first run starts with the screen.
    const [round, setRound] = useState(0);

    useEffect(() => {
      if (loaded) return;
      let alive = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const started = Date.now();
      let attempt = 0;
      const run = () => {
        load().then(
          () => alive && setLoadedTick((n) => n + 1),
          () => {
            if (!alive) return;
            if (round > 0 && attempt === 0 && lazyDeps.online()) {
              lazyDeps.reload();
              return;
            }
            setFailed(true);
            const wait = retryDelay(attempt++);
            if (Date.now() + wait - started <= RETRY_WINDOW_MS) timer = setTimeout(run, wait);
          },
        );
      };
      run();
      return () => {
        alive = false;
        clearTimeout(timer);
      };
    }, [round]);

    if (loaded) {
      const Screen = loaded;
      return <Screen />;
    }
    return failed ? (
      <PageLoadFailed
        onRetry={() => {
          setFailed(false);
          setRound((r) => r + 1);
        }}
      />
    ) : (
      <PageFallback />
    );
  }
  // A failure is the screen's to show (retry, reload) once it renders.
  LazyScreen.preload = () =>
    load().then(
      () => undefined,
      () => undefined,
    );
  return LazyScreen;
}
