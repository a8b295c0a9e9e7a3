import { z } from 'zod';
import { t } from './coerce';
import type { Contact } from './contacts';
import type { Message } from './messages';

/** Global search (PROTOCOL §16): contacts, my groups and the messages of my conversations. */

export const SEARCH_TYPES = ['all', 'contacts', 'groups', 'messages'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Keywords: 1–64 characters after trimming (counted in code points); checked by the server for `search.badKeywords`. */
export const SEARCH_KEYWORDS_MAX = 64;
/** `limit` of the messages part (and the most contacts / groups returned). */
export const SEARCH_LIMIT_MAX = 50;

export const searchParams = z.object({
  keywords: t.str.def(''),
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'all' : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(SEARCH_TYPES),
  ),
  toContactId: t.cid.opt(),
  page: t.int.def(1),
  limit: t.int.def(20),
});
export type SearchParams = z.infer<typeof searchParams>;

/** `[start, end)` character offsets (UTF-16) in the row's plain `content` (for file messages: in `fileName`). */
export type SearchHighlight = [number, number];

export type SearchMessage = Message & { contact: Contact; highlight: SearchHighlight[] };

export interface SearchResult {
  contacts: Contact[];
  groups: Contact[];
  messages: SearchMessage[];
  /** More messages after this page. */
  hasMore: boolean;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ', amp: '&' };

/**
 * The plain text of a stored text message's `content` (sanitised HTML, §4.3), the text that
 * search indexes and whose UTF-16 offsets `highlight` gives: line breaks become "\n", other tags
 * are dropped, entities decoded. Server and clients share it so offsets line up.
 */
export function searchPlainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*|#39);/gi, (m, name: string) => {
      const known = ENTITIES[name.toLowerCase()];
      if (known !== undefined) return known;
      if (name[0] !== '#') return m;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    });
}
