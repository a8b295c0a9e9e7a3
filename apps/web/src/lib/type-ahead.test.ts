import { afterEach, describe, expect, it, vi } from 'vitest';
import { endTypeAhead, startTypeAhead, typedAhead } from './type-ahead';

/** The hidden box that takes typing between the tap on a search entry and the search page's box. */

afterEach(() => {
  endTypeAhead();
  vi.useRealTimers();
});

const findHiddenBox = () => document.querySelector<HTMLInputElement>('input[data-type-ahead]');
const hiddenBox = (): HTMLInputElement => {
  const box = findHiddenBox();
  if (!box) throw new Error('no hidden box');
  return box;
};

describe('type-ahead', () => {
  it('focuses a box of its own at the tap, so typing and IME text land in it, and hands its text over', () => {
    startTypeAhead('搜索');
    const box = hiddenBox();
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-label')).toBe('搜索'); // focused, so named for a screen reader
    box.value = '会议'; // what an IME commits into the focused box
    expect(typedAhead()).toBe('会议');
    const pageBox = document.body.appendChild(document.createElement('input'));
    pageBox.focus(); // the page's box takes focus first, then takes the text
    expect(typedAhead()).toBe('会议');
    endTypeAhead();
    expect(typedAhead()).toBe('');
    expect(findHiddenBox()).toBeNull();
    pageBox.remove();
  });

  it('keeps the text of a box that lost focus early, and drops everything after ten seconds', () => {
    vi.useFakeTimers();
    startTypeAhead('搜索');
    hiddenBox().value = 'meet';
    hiddenBox().blur(); // a tap elsewhere
    expect(findHiddenBox()).toBeNull();
    expect(typedAhead()).toBe('meet');
    startTypeAhead('搜索'); // a new tap starts afresh
    expect(typedAhead()).toBe('');
    hiddenBox().value = 'x';
    vi.advanceTimersByTime(10_000);
    expect(typedAhead()).toBe('');
    expect(findHiddenBox()).toBeNull();
  });
});
