import { routeTable, type RouteMeta, type RouteName } from '../nav/routes';

/**
 * The desktop layout as pure functions of the route (DESIGN.md "Desktop"): which section of the
 * rail is lit, whether its list pane shows, and what the pane beside the list holds. Routes stay
 * the phone's, so a deep link or browser back lands on the same panes.
 */

/** From this width on the client is rail + list + detail; below it the phone layout. */
export const DESKTOP_MIN_WIDTH = 1024;
export const desktopQuery = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

/** What the pane logic needs of a rail section (app/sections.ts). */
export interface SectionShape {
  key: string;
  /** The section's own page: its list; beside it the detail pane is empty. */
  route: RouteName;
  /** Pages that belong to the section: showing one lights it and shows its list. */
  routes: readonly RouteName[];
  /** Pages of no section that a deep link shows with this section's list. */
  hosts?: readonly RouteName[];
  /** Pages opened from the list: beside it their back button would only close them. */
  roots?: readonly RouteName[];
  /** Without a list the section's pages take the list's room too. */
  hasList: boolean;
}

/** Immersive or signed-out pages keep the single centred column even on a wide window. */
const singleColumn: readonly RouteName[] = ['call', 'video'];

export type Panes<S extends SectionShape = SectionShape> =
  | { mode: 'single' }
  | {
      mode: 'panes';
      section: S;
      list: boolean;
      /** The route's page, or the section's "pick something" placeholder beside its list. */
      detail: 'page' | 'placeholder';
    };

/**
 * Panes for `route`. A page that no section owns (a user card, a group's detail, settings) stays
 * with the section the user was in (`lastSection`), so a card opened from a chat keeps the chat
 * list; with no section yet (a deep link) the section that hosts it, else the first.
 */
export function panesFor<S extends SectionShape>(
  route: RouteName | undefined,
  sections: readonly S[],
  lastSection?: string,
): Panes<S> {
  if (!route) return { mode: 'single' };
  const meta: RouteMeta = routeTable[route];
  if (meta.public || singleColumn.includes(route)) return { mode: 'single' };
  const section =
    sections.find((s) => s.routes.includes(route)) ??
    sections.find((s) => s.key === lastSection) ??
    sections.find((s) => s.hosts?.includes(route)) ??
    sections[0];
  if (!section) return { mode: 'single' };
  return {
    mode: 'panes',
    section,
    list: section.hasList,
    detail: section.hasList && route === section.route ? 'placeholder' : 'page',
  };
}

/**
 * Whether a page in the detail pane hides its back button: when back would only return to the
 * list that is already beside it (the chat's fixed back goes home), or to another page opened
 * from that list. A card reached from a group's member list keeps its back.
 */
export function detailBackHidden(
  route: RouteName | undefined,
  previous: RouteName | undefined,
  section: SectionShape,
): boolean {
  if (!route || !section.hasList) return false;
  const meta: RouteMeta = routeTable[route];
  if (meta.backTo === section.route) return true;
  const roots = section.roots ?? [];
  if (!roots.includes(route)) return false;
  return previous === undefined || previous === section.route || roots.includes(previous);
}

/**
 * Alt+↑/↓: the conversation before or after `current` in the list's order. From no open chat
 * (or one not in the list) ↓ opens the first and ↑ the last; at either end nothing moves (null).
 */
export function stepConversation(keys: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (keys.length === 0) return null;
  const at = current === null ? -1 : keys.indexOf(current);
  if (at < 0) return (step > 0 ? keys[0] : keys[keys.length - 1]) ?? null;
  return keys[at + step] ?? null;
}
