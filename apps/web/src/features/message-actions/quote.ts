import type { TFunction } from 'i18next';
import type { Message } from '@parley/protocol';
import { previewOf } from '../../state/messages/preview';

/**
 * Quoting (PROTOCOL §4.4 `pid`): the one-line preview of the quoted message and the
 * `extends.quote` text kept for compatible clients, which show it without looking the row up.
 */

export type QuotedMessage = Pick<Message, 'type' | 'content'> & Partial<Pick<Message, 'fileName' | 'is_undo'>>;

/** Longest preview kept in the quote bar and in `extends.quote.content`. */
export const QUOTE_PREVIEW_MAX = 60;

export function quotePreview(m: QuotedMessage, t: TFunction): string {
  if (m.is_undo === 1) return t('messageActions.quote.recalled');
  let text = previewOf(m.type, m.content, t);
  if (m.type === 'file' && m.fileName) text = `${text} ${m.fileName}`;
  const chars = Array.from(text);
  return chars.length > QUOTE_PREVIEW_MAX ? `${chars.slice(0, QUOTE_PREVIEW_MAX).join('')}…` : text;
}

export type QuoteExtends = { quote: { name: string; content: string } };

export function quoteExtends(name: string, m: QuotedMessage, t: TFunction): QuoteExtends {
  return { quote: { name, content: quotePreview(m, t) } };
}

/** `extends.quote` of a received row, when a compatible client put one there. */
export function quoteOf(ext: Message['extends'] | undefined): { name: string; content: string } | null {
  const q = ext && typeof ext === 'object' ? (ext as { quote?: unknown }).quote : null;
  if (!q || typeof q !== 'object') return null;
  const { name, content } = q as { name?: unknown; content?: unknown };
  return typeof content === 'string' ? { name: typeof name === 'string' ? name : '', content } : null;
}
