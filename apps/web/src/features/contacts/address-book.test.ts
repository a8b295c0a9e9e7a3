import { describe, expect, it } from 'vitest';
import type { Contact } from '@parley/protocol';
import { contact } from '../../state/conversations/fixtures';
import { filterContacts, groupByLetter, letterOf } from './address-book';

function person(id: number, displayName: string, name_py: string, extra: Partial<Contact> = {}): Contact {
  const first = name_py.charAt(0).toUpperCase();
  const index = /[A-Z]/.test(first) ? first : '#';
  return contact(id, { displayName, realname: displayName, name_py, account: `user${id}`, index, ...extra });
}

const group: Contact = { ...person(99, '项目群', 'xiangmuqun'), id: 'group-1', is_group: 1, index: '[2]群聊' };

describe('address book sections', () => {
  it('groups Chinese names under their pinyin initial and sorts them by pinyin', () => {
    const sections = groupByLetter([
      person(1, '张三', 'zhangsan'),
      person(2, '李四', 'lisi'),
      person(3, '王五', 'wangwu'),
      person(4, '刘备', 'liubei'),
      person(5, 'alice', 'alice'),
      person(6, '赵云', 'zhaoyun'),
      group,
    ]);
    expect(sections.map((s) => s.letter)).toEqual(['A', 'L', 'W', 'Z']);
    expect(sections.find((s) => s.letter === 'L')?.people.map((p) => p.displayName)).toEqual(['李四', '刘备']);
    expect(sections.find((s) => s.letter === 'Z')?.people.map((p) => p.displayName)).toEqual(['张三', '赵云']);
  });

  it('leaves out groups and puts names without a Latin initial under # at the end', () => {
    const sections = groupByLetter([person(1, '123', '123'), person(2, 'Bob', 'bob'), person(3, '😀', '😀'), group]);
    expect(sections.map((s) => s.letter)).toEqual(['B', '#']);
    expect(sections[1]?.people).toHaveLength(2);
  });

  it('files a person under a Latin remark name rather than the real name', () => {
    const c = person(1, 'Xiao Ming', 'zhangsan', { realname: '张三' });
    expect(letterOf(c)).toBe('X');
  });

  it('filters by name, account and pinyin, ignoring case', () => {
    const list = [person(1, '张三', 'zhangsan'), person(2, '李四', 'lisi', { account: 'LS-007' }), group];
    expect(filterContacts(list, 'ZHANG').map((c) => c.id)).toEqual([1]);
    expect(filterContacts(list, '李').map((c) => c.id)).toEqual([2]);
    expect(filterContacts(list, 'ls-0').map((c) => c.id)).toEqual([2]);
    expect(filterContacts(list, ' ')).toEqual([]);
  });
});
