import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { localiseNoticeLine, noticeOf } from './notice-line';

/** A reader's strings, as the groups catalogue gives them in English. */
const en = ((key: string) =>
  ({ 'groups.noticeLine': 'Group notice: ', 'groups.mention.everyone': 'Everyone' })[key] ??
  key) as unknown as TFunction;

describe('a group notice line (issue 42 #5)', () => {
  it('finds the notice after the lead the server wrote in either language', () => {
    expect(noticeOf('群公告：@all <h4>Plan</h4>')).toBe('<h4>Plan</h4>');
    expect(noticeOf('Group notice: @all <p>Hi</p>')).toBe('<p>Hi</p>');
    expect(noticeOf('@all hello')).toBeNull();
  });

  it('reads the lead in the reader’s language, @all named as the mention picker names it', () => {
    expect(localiseNoticeLine('群公告：@all Plan', en)).toBe('Group notice: @Everyone Plan');
    expect(localiseNoticeLine('just text', en)).toBe('just text');
  });
});
