import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, kindOf, loadDraft, updateDraft, useDraft } from './draft';

afterEach(() => {
  localStorage.clear();
  useDraft.setState({ draft: null });
});

describe('moments draft', () => {
  it('keeps text, place, visibility and uploaded media across a reload, per user', () => {
    loadDraft(7);
    updateDraft((d) => ({
      ...d,
      content: 'half written',
      visibility: 0,
      location: { name: 'Office', address: '', latitude: 1, longitude: 2 },
      items: [
        { key: 'a', kind: 'image', preview: 'http://x/a.png', fileId: 5, progress: 1, status: 'done' },
        { key: 'b', kind: 'image', preview: 'blob:x', progress: 0.4, status: 'uploading' },
      ],
    }));
    useDraft.setState({ draft: null }); // as after a reload
    const back = loadDraft(7);
    expect(back).toMatchObject({ content: 'half written', visibility: 0, location: { name: 'Office' } });
    expect(back.items.map((i) => i.key)).toEqual(['a']);
    useDraft.setState({ draft: null });
    expect(loadDraft(8).content).toBe('');
  });

  it('starts empty after publishing, and ignores a stored draft it cannot read', () => {
    loadDraft(7);
    updateDraft((d) => ({ ...d, content: 'sent' }));
    clearDraft();
    expect(loadDraft(7).content).toBe('');
    localStorage.setItem('parley.momentDraft', '{"owner":7,"content":5}');
    useDraft.setState({ draft: null });
    expect(loadDraft(7).content).toBe('');
  });

  it('tells pictures and videos by type or extension', () => {
    expect(kindOf(new File([], 'a.PNG'))).toBe('image');
    expect(kindOf(new File([], 'clip', { type: 'video/mp4' }))).toBe('video');
    expect(kindOf(new File([], 'notes.txt'))).toBe('other');
  });
});
