const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of a stored message (sanitised HTML): tags stripped, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/(p|div|li|h4)>/gi, ' ')
    .replace(/<img\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), m);
      if (lower.startsWith('#') && lower !== '#39') return safeCodePoint(parseInt(lower.slice(1), 10), m);
      return entities[lower] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(n: number, fallback: string): string {
  try {
    return Number.isFinite(n) ? String.fromCodePoint(n) : fallback;
  } catch {
    return fallback;
  }
}

/** Text made safe to store where sanitised HTML is expected (the list's lastContent). */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
