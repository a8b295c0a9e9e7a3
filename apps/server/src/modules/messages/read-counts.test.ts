import { describe, expect, it } from 'vitest';
import { READ_LOG_KEEP } from '@parley/protocol';
import { appendReadLog, readCounts, readTimeOf, type Mark } from './read-counts';

const mark = (user_id: number, join_msg_id: number, read_msg_id: number): Mark => ({
  user_id,
  join_msg_id,
  read_msg_id,
});

describe('read counts from read marks', () => {
  it('counts members since before the message, not its sender, read when the mark reached it', () => {
    const marks = [mark(1, 0, 10), mark(2, 0, 9), mark(3, 0, 12), mark(4, 10, 12), mark(5, 11, 0)];
    // Message 10 by user 1: 2 unread (mark 9), 3 read; 4 joined at 10 (not before), 5 after.
    expect(readCounts(marks, { msg_id: 10, from_user: 1 })).toEqual({ readCount: 1, unreadCount: 1 });
    // Message 11 by user 3: 1 (mark 10) and 2 unread, 4 (joined at 10, mark 12) read, 5 joined at 11.
    expect(readCounts(marks, { msg_id: 11, from_user: 3 })).toEqual({ readCount: 1, unreadCount: 2 });
  });

  it('keeps the newest moves of a mark and gives the time its first move past a message', () => {
    let log = '';
    log = appendReadLog(log, 5, 1000);
    log = appendReadLog(log, 9, 2000);
    log = appendReadLog(log, 20, 3000);
    expect(readTimeOf(log, 3)).toBe(1000);
    expect(readTimeOf(log, 6)).toBe(2000);
    expect(readTimeOf(log, 9)).toBe(2000);
    expect(readTimeOf(log, 15)).toBe(3000);
    expect(readTimeOf('', 15)).toBe(0);
    for (let i = 0; i < READ_LOG_KEEP + 3; i++) log = appendReadLog(log, 100 + i, 10_000 + i);
    expect(log.split(',')).toHaveLength(READ_LOG_KEEP);
    // Older than every kept move: the oldest kept time, an upper bound.
    expect(readTimeOf(log, 6)).toBe(10_003);
    // A move below kept ones (computed from a stale read) drops those above it.
    expect(appendReadLog('50:1,60:2', 55, 3)).toBe('50:1,55:3');
  });
});
