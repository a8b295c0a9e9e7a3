import { useCallback } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { href, routeTable, type RouteMeta, type RouteName } from './routes';

/** Route of the deepest match (set as `handle` by the router); undefined for "not found". */
export function useCurrentRoute(): RouteName | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as { route?: RouteName } | undefined;
    if (h?.route) return h.route;
  }
  return undefined;
}

/** History index react-router keeps in history.state; 0 when this is the first page. */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/** Back of spec §2: the chat page goes home; with only one page in the history, back goes to '/'. */
export function useGoBack(): () => Promise<void> {
  const navigate = useNavigate();
  const current = useCurrentRoute();
  return useCallback(async () => {
    const meta: RouteMeta | undefined = current ? routeTable[current] : undefined;
    const fixed = meta?.backTo;
    if (fixed) void navigate(href(fixed), { replace: true });
    else if (historyIndex() > 0) void navigate(-1);
    else void navigate(href('home'), { replace: true });
  }, [navigate, current]);
}
