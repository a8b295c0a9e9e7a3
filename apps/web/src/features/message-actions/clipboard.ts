import { sanitizeMessageHtml } from '../../lib/sanitize-html';

/**
 * Plain text of a text message for the clipboard: the sanitised HTML (PROTOCOL §4.3) with
 * line breaks kept, tags dropped, entities decoded, inline emoji images left out.
 */
export function copyableText(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = sanitizeMessageHtml(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h4)>/gi, '$&\n');
  return (box.textContent ?? '').replace(/\n+$/, '');
}

/** Clipboard API where allowed, else the old selection trick; resolves false when both fail. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
