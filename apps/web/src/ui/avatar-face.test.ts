import { describe, expect, it } from 'vitest';
import { avatarColour, avatarPalette, initials, isDefaultAvatar } from './avatar-face';

describe('generated faces', () => {
  it('takes the last character of a Chinese name and the first letters of a Latin one', () => {
    expect(initials('张伟')).toBe('伟');
    expect(initials('欧阳娜娜')).toBe('娜');
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('alice')).toBe('A');
    expect(initials('John Ronald Tolkien')).toBe('JR');
    expect(initials('mary-jane')).toBe('MJ');
    expect(initials('  ')).toBe('?');
    expect(initials('42号')).toBe('号');
    expect(initials('😀 smile')).toBe('😀');
  });

  it('leaves out a note in brackets and what follows the name', () => {
    expect(initials('鲍勃（市场部）')).toBe('勃');
    expect(initials('鲍勃(市场部)')).toBe('勃');
    expect(initials('【外包】李四')).toBe('四');
    expect(initials('王小明 - 研发')).toBe('明');
    expect(initials('Ann (HR)')).toBe('A');
    expect(initials('（市场部）')).toBe('部');
  });

  it('gives the same id the same colour, from the palette', () => {
    expect(avatarColour(12)).toBe(avatarColour('12'));
    expect(avatarPalette).toContain(avatarColour('group-3'));
    const seen = new Set(Array.from({ length: 40 }, (_, i) => avatarColour(i + 1)));
    expect(seen.size).toBeGreaterThan(4);
  });

  it("treats the server's stand-in picture as no avatar", () => {
    expect(isDefaultAvatar(undefined)).toBe(true);
    expect(isDefaultAvatar('')).toBe(true);
    expect(isDefaultAvatar('http://chat.example/static/img/avatar.png')).toBe(true);
    expect(isDefaultAvatar('/static/img/avatar.png')).toBe(true);
    expect(isDefaultAvatar('/storage/avatar/2026/abc.png')).toBe(false);
  });
});
