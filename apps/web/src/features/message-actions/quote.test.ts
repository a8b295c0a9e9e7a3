import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { QUOTE_PREVIEW_MAX, quoteExtends, quoteOf, quotePreview } from './quote';

const t = i18n.t.bind(i18n);

describe('quote preview', () => {
  it('reads a text as plain text on one line', () => {
    expect(quotePreview({ type: 'text', content: 'Lunch at <b>noon</b>?<br>Bring &amp; share' }, t)).toBe(
      'Lunch at noon? Bring & share',
    );
  });

  it('names media by kind and files by name', () => {
    expect(quotePreview({ type: 'image', content: 'https://x/storage/a.png' }, t)).toBe('[图片]');
    expect(quotePreview({ type: 'file', content: 'https://x/f', fileName: 'plan.pdf' }, t)).toContain('plan.pdf');
  });

  it('cuts long texts with an ellipsis', () => {
    const p = quotePreview({ type: 'text', content: '字'.repeat(200) }, t);
    expect(Array.from(p)).toHaveLength(QUOTE_PREVIEW_MAX + 1);
    expect(p.endsWith('…')).toBe(true);
  });

  it('says when the quoted message was recalled', () => {
    expect(quotePreview({ type: 'event', content: '你撤回了一条消息', is_undo: 1 }, t)).toBe('引用内容已撤回');
  });

  it('keeps name and preview in extends.quote for compatible clients, and reads it back', () => {
    const ext = quoteExtends('Bob', { type: 'text', content: 'hi <i>there</i>' }, t);
    expect(ext).toEqual({ quote: { name: 'Bob', content: 'hi there' } });
    expect(quoteOf(ext)).toEqual({ name: 'Bob', content: 'hi there' });
    expect(quoteOf(null)).toBeNull();
    expect(quoteOf({ quote: 'nonsense' })).toBeNull();
  });
});
