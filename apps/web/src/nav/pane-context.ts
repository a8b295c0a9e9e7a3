import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentRoute } from './navigation';
import type { RouteName } from './routes';

/**
 * Which pane a screen is drawn in. Phone: the single column. Desktop: the list pane (a section's
 * list beside the open page) or the detail pane. Pages read it to drop pointless back buttons.
 */
export interface PaneInfo {
  pane: 'single' | 'list' | 'detail';
  /** The page this pane stands for when it is not the route's (the list's own page). */
  route?: RouteName;
  /** Back would only return to the list already on screen. */
  hideBack: boolean;
}

export const PaneContext = createContext<PaneInfo>({ pane: 'single', hideBack: false });

export function usePane(): PaneInfo {
  return useContext(PaneContext);
}

/**
 * In the list pane: the page open beside it and its `id`, so the list highlights that row.
 * Null elsewhere (on the phone nothing is beside a list).
 */
export function useOpenBeside(): { route: RouteName | undefined; id: string | null } | null {
  const { pane } = usePane();
  const route = useCurrentRoute();
  const [params] = useSearchParams();
  if (pane !== 'list') return null;
  return { route, id: params.get('id') };
}
