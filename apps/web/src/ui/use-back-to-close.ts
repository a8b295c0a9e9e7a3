import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface OverlayState {
  overlay?: string;
}

/** The overlay marking the current history entry; react-router keeps its state under `usr`. */
const currentOverlay = (): string | undefined => (window.history.state as { usr?: OverlayState } | null)?.usr?.overlay;

/**
 * The phone's back button (and the browser's) closes an overlay that has no route of its own,
 * such as the picture viewer, instead of leaving the page under it.
 *
 * Opening the overlay pushes an entry of the same page marked with its `name`; back pops that
 * entry and the overlay closes. Closing it any other way (its button, Esc, its owner closing or
 * unmounting it) goes back over the entry itself, so no dead entry is left for the next back.
 *
 * Returns the close function the overlay's own controls should call.
 */
export function useBackToClose(name: string, open: boolean, close: () => void): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as OverlayState | null;
  const marked = state?.overlay === name;
  /**
   * Where this overlay's entry is: none; pushed but not yet current (navigation is async, and
   * StrictMode runs effects twice meanwhile); or shown, current while the overlay is open.
   */
  const entry = useRef<'none' | 'pending' | 'shown'>('none');

  useEffect(() => {
    if (!open) {
      if (entry.current === 'shown' && marked) navigate(-1); // closed by its owner
      entry.current = 'none';
    } else if (entry.current === 'none') {
      entry.current = marked ? 'shown' : 'pending';
      if (!marked)
        navigate({ pathname: location.pathname, search: location.search }, { state: { ...state, overlay: name } });
    } else if (marked) {
      entry.current = 'shown';
    } else if (entry.current === 'shown') {
      entry.current = 'none'; // back popped the entry
      close();
    }
    // Runs when the overlay opens or closes and when history moves over its entry, nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, marked]);

  // Unmounted while open (its owner stopped rendering it once a card was sent, say): drop the
  // entry if it is still the current one. After a route change it is not, and nothing is undone.
  useEffect(
    () => () => {
      if (entry.current !== 'none' && currentOverlay() === name) navigate(-1);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return useCallback(() => {
    if (marked) navigate(-1);
    else close();
  }, [marked, navigate, close]);
}
