// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiGroups } from '../../features/chat/emoji-data';
import { emojifyHtml, splitEmoji, type EmojiPart } from './twemoji';

const svgDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const fileOf = (p: EmojiPart) => join(svgDir, p.url.split('/').pop() ?? '');

describe('emoji as pictures', () => {
  it('cuts text into plain parts and emoji with the URL of our own copy', () => {
    const parts = splitEmoji('hi 😀 and 👍🏽!');
    expect(parts[0]).toBe('hi ');
    expect(parts[1]).toEqual({ emoji: '😀', url: expect.stringMatching(/(^|\/)emoji\/1f600\.svg$/) });
    expect(parts[3]).toMatchObject({ emoji: '👍🏽' });
    expect(parts.at(-1)).toBe('!');
    expect(splitEmoji('纯文本')).toEqual(['纯文本']);
  });

  it('has a picture for every emoji of the panel', () => {
    const missing = emojiGroups
      .flatMap((g) => g.emoji)
      .filter((e) => {
        const part = splitEmoji(e).find((p): p is EmojiPart => typeof p !== 'string');
        return !part || !existsSync(fileOf(part));
      });
    expect(missing).toEqual([]);
  });

  it('draws emoji in sanitised HTML as images whose alt is the emoji, leaving markup alone', () => {
    const html = emojifyHtml('<p>ok 🎉 <b>yes 😀</b></p>');
    const div = document.createElement('div');
    div.innerHTML = html;
    const imgs = Array.from(div.querySelectorAll('img'));
    expect(imgs.map((i) => i.alt)).toEqual(['🎉', '😀']);
    expect(imgs.every((i) => i.className === 'tw-emoji' && !i.src.startsWith('http://cdn'))).toBe(true);
    expect(div.querySelector('b')?.textContent).toBe('yes ');
    expect(emojifyHtml('<p>no emoji here</p>')).toBe('<p>no emoji here</p>');
  });
});
