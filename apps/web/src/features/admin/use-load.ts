import { useCallback, useEffect, useState } from 'react';

/** Loads `fetch()` when `key` changes; `reload` runs it again. Errors were already toasted by the API client. */
export function useLoad<T>(
  fetch: () => Promise<T>,
  key: string,
): { data: T | undefined; error: boolean; reload(): void } {
  const [state, setState] = useState<{ data: T | undefined; error: boolean }>({ data: undefined, error: false });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    fetch().then(
      (data) => live && setState({ data, error: false }),
      () => live && setState((s) => ({ data: s.data, error: true })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}
