import { beforeEach, describe, expect, it } from 'vitest';
import { getDraft, readDrafts, setDraft, useDrafts } from './drafts';

beforeEach(() => {
  localStorage.clear();
  useDrafts.setState({ all: {} });
});

describe('drafts per conversation', () => {
  it('keeps a draft per user and conversation, in localStorage', () => {
    setDraft(1, '2', 'hello');
    setDraft(1, 'group-3', 'group text');
    setDraft(9, '2', 'other user');
    expect(getDraft(1, '2')).toBe('hello');
    expect(getDraft(9, '2')).toBe('other user');
    expect(readDrafts()).toEqual({ '1': { '2': 'hello', 'group-3': 'group text' }, '9': { '2': 'other user' } });
  });

  it('forgets a draft emptied or made of spaces', () => {
    setDraft(1, '2', 'hello');
    setDraft(1, '2', '   ');
    expect(getDraft(1, '2')).toBe('');
    expect(readDrafts()).toEqual({ '1': {} });
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem('parley.drafts', '{"1":{"2":42}}');
    expect(readDrafts()).toEqual({});
    localStorage.setItem('parley.drafts', 'not json');
    expect(readDrafts()).toEqual({});
  });
});
