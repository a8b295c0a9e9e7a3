import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { lazyDeps, lazyScreen, RETRY_WINDOW_MS } from './lazy-screen';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await setLanguage('zh-Hans');
});

const Done = () => <p data-testid="done">loaded</p>;
const flush = () =>
  act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });

describe('lazy screens (spec §9)', () => {
  it('shows the loading dots only after 200 ms', async () => {
    vi.useFakeTimers();
    let resolve!: (m: { default: typeof Done }) => void;
    const Screen = lazyScreen(() => new Promise((r) => (resolve = r)));
    render(<Screen />);
    // A screen reader names the wait (axe's aria-progressbar-name), dots or not.
    const loading = screen.getByRole('progressbar', { name: '加载中…' });
    expect(loading.childElementCount).toBe(0);
    await act(async () => vi.advanceTimersByTime(199));
    expect(loading.childElementCount).toBe(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('page-loading').childElementCount).toBe(1);
    resolve({ default: Done });
    await flush();
    expect(screen.getByTestId('done')).toBeTruthy();
  });

  it('names its loading state in the chosen language', async () => {
    await setLanguage('en');
    const Screen = lazyScreen(() => new Promise<never>(() => {}));
    render(<Screen />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  });

  it('offers a translated retry on a failed load and retries by itself, for 60 s only', async () => {
    vi.useFakeTimers();
    await setLanguage('en');
    const importer = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const Screen = lazyScreen(importer);
    render(<Screen />);
    await flush();
    expect(screen.getByTestId('page-load-retry').textContent).toBe('The page did not load. Tap to retry');
    expect(importer).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(importer).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_WINDOW_MS));
    await flush();
    const within = importer.mock.calls.length;
    expect(within).toBeGreaterThan(5);
    // Past the window: no more automatic attempts.
    await act(async () => vi.advanceTimersByTimeAsync(5 * RETRY_WINDOW_MS));
    await flush();
    expect(importer.mock.calls.length).toBeLessThanOrEqual(within + 1);
    expect(screen.getByTestId('page-load-failed')).toBeTruthy();
  });

  it('loads once the network is back, by itself or on a tap', async () => {
    vi.useFakeTimers();
    let up = false;
    const importer = vi.fn(() => (up ? Promise.resolve({ default: Done }) : Promise.reject(new Error('offline'))));
    const Auto = lazyScreen(importer);
    render(<Auto />);
    await flush();
    expect(screen.getByTestId('page-load-failed')).toBeTruthy();
    up = true;
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(screen.getByTestId('done')).toBeTruthy();
    cleanup();

    up = false;
    const Tapped = lazyScreen(importer);
    render(<Tapped />);
    await flush();
    up = true;
    fireEvent.click(screen.getByTestId('page-load-retry'));
    await flush();
    expect(screen.getByTestId('done')).toBeTruthy();
  });

  it('reloads the page when a tap fails while online (a new release replaced the files)', async () => {
    const reload = vi.spyOn(lazyDeps, 'reload').mockImplementation(() => undefined);
    vi.spyOn(lazyDeps, 'online').mockReturnValue(true);
    const Screen = lazyScreen(() => Promise.reject(new Error('404')));
    render(<Screen />);
    await flush();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('page-load-retry'));
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
