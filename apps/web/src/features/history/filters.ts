import type { CidIn } from '@parley/protocol';

/**
 * The chat history page's chips → getMessageList manager mode (PROTOCOL §4.5: `type` present
 * selects it; newest first, no event rows; `type:"link"` = texts holding a link).
 */

export const historyFilters = ['all', 'image', 'video', 'file', 'voice', 'link'] as const;
export type HistoryFilter = (typeof historyFilters)[number];

/** Images and videos show as a grid of thumbnails; the rest as rows. */
export const gridFilters: ReadonlySet<HistoryFilter> = new Set(['image', 'video']);

export const HISTORY_PAGE = 20;

export interface HistoryParams {
  toContactId: CidIn;
  type: HistoryFilter;
  limit: number;
  keywords?: string;
  last_id?: number;
}

/**
 * Keywords search texts (all, link) and file names (file); pictures, videos and voice notes
 * have no words a person would search, so the box does not narrow them.
 */
function keywordsApply(filter: HistoryFilter): boolean {
  return filter === 'all' || filter === 'link' || filter === 'file';
}

export function historyParams(
  conversation: CidIn,
  filter: HistoryFilter,
  keywords: string,
  lastId?: number,
): HistoryParams {
  const words = keywords.trim();
  return {
    toContactId: conversation,
    type: filter,
    limit: HISTORY_PAGE,
    ...(words && keywordsApply(filter) ? { keywords: words } : {}),
    ...(lastId ? { last_id: lastId } : {}),
  };
}

/** The next cursor: the oldest row of a full page, else none (PROTOCOL §1.5). */
export function nextCursor(page: readonly { msg_id: number }[]): number | undefined {
  return page.length >= HISTORY_PAGE ? page[page.length - 1]?.msg_id : undefined;
}

export interface Snippet {
  before: string;
  hit: string;
  after: string;
}

/**
 * A line of text around the first match of `keyword` (case-insensitive), so the match is in
 * view even in a long message: up to `radius` characters before it, an ellipsis when cut.
 */
export function snippet(text: string, keyword: string, radius = 16): Snippet {
  const k = keyword.trim();
  const at = k ? text.toLowerCase().indexOf(k.toLowerCase()) : -1;
  if (at < 0) return { before: text, hit: '', after: '' };
  const start = Math.max(0, at - radius);
  return {
    before: `${start > 0 ? '…' : ''}${text.slice(start, at)}`,
    hit: text.slice(at, at + k.length),
    after: text.slice(at + k.length),
  };
}
