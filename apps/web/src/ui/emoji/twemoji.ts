import { parse } from '@twemoji/parser';

/**
 * Unicode emoji drawn with Twemoji's pictures, the same on every system. The pictures are ours
 * (copied into the build at `emoji/`, vite.config.ts), fetched lazily by URL, never from a CDN;
 * the text stays the emoji itself (each picture's alt), so copying and searching still work.
 */

const base = `${import.meta.env.BASE_URL}emoji/`;

export interface EmojiPart {
  emoji: string;
  url: string;
}

/** `text` cut into plain strings and emoji (with the URL of their picture), in order. */
export function splitEmoji(text: string): (string | EmojiPart)[] {
  const found = parse(text, { buildUrl: (codepoints) => `${base}${codepoints}.svg` });
  if (found.length === 0) return [text];
  const parts: (string | EmojiPart)[] = [];
  let at = 0;
  for (const e of found) {
    const [start, end] = e.indices;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ emoji: e.text, url: e.url });
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The class every emoji picture carries (theme.css sizes it to the text around it). */
export const emojiClass = 'tw-emoji';

function emojiImage(doc: Document, part: EmojiPart): HTMLImageElement {
  const img = doc.createElement('img');
  img.className = emojiClass;
  img.src = part.url;
  img.alt = part.emoji;
  img.draggable = false;
  img.loading = 'lazy';
  img.decoding = 'async';
  return img;
}

/**
 * Already-sanitised HTML with its emoji drawn as pictures. Only text nodes change, into our own
 * `img` elements, so nothing the sender wrote gains an attribute.
 */
export function emojifyHtml(html: string): string {
  if (!/[\u00a9\u00ae\u203c-\u3299\ud83c-\ud83e]/.test(html)) return html;
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const walker = document.createTreeWalker(tpl.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const node of texts) {
    const parts = splitEmoji(node.data);
    if (parts.length === 1 && typeof parts[0] === 'string') continue;
    const frag = document.createDocumentFragment();
    for (const p of parts) frag.append(typeof p === 'string' ? document.createTextNode(p) : emojiImage(document, p));
    node.replaceWith(frag);
  }
  return tpl.innerHTML;
}

// An emoji newer than the picture set has no file: show the character itself instead.
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (e) => {
      const img = e.target;
      if (img instanceof HTMLImageElement && img.classList.contains(emojiClass)) img.replaceWith(img.alt);
    },
    true,
  );
}

/** The text of a selection with each emoji picture back as its character (selections skip images). */
function selectionText(range: Range): string {
  const frag = range.cloneContents();
  frag.querySelectorAll(`img.${emojiClass}`).forEach((img) => img.replaceWith((img as HTMLImageElement).alt));
  const div = document.createElement('div');
  div.append(frag);
  return div.innerText || div.textContent || '';
}

// Copying text that shows emoji pictures puts the emoji characters on the clipboard.
if (typeof document !== 'undefined') {
  document.addEventListener('copy', (e) => {
    const sel = document.getSelection();
    if (!e.clipboardData || !sel || sel.rangeCount === 0) return;
    const range = sel.getRangeAt(0);
    if (!range.cloneContents().querySelector(`img.${emojiClass}`)) return;
    e.clipboardData.setData('text/plain', selectionText(range));
    e.preventDefault();
  });
}
