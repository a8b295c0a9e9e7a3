import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStatements } from './statement-cache';

const open: Database.Database[] = [];
afterEach(() => {
  while (open.length) open.pop()?.close();
});

function memoryDb() {
  const sqlite = new Database(':memory:');
  open.push(sqlite);
  sqlite.exec('create table t (n integer)');
  return sqlite;
}

describe('cachedStatements', () => {
  it('compiles a statement once and reuses it for the same SQL', () => {
    const db = cachedStatements(memoryDb());
    const insert = db.prepare('insert into t (n) values (?)');
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run([1]);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = cachedStatements(memoryDb(), 2);
    const a = db.prepare('select 1 as a');
    const b = db.prepare('select 2 as b');
    expect(db.prepare('select 1 as a')).toBe(a); // a is now the most recent
    db.prepare('select 3 as c'); // evicts b
    expect(db.prepare('select 1 as a')).toBe(a);
    expect(db.prepare('select 2 as b')).not.toBe(b);
  });

  it('gives a second caller its own statement while the cached one is still iterating', () => {
    const sqlite = memoryDb();
    sqlite.exec('insert into t (n) values (1), (2)');
    const db = cachedStatements(sqlite);
    const text = 'select n from t order by n';
    const outer = db.prepare(text).iterate([]);
    const seen: unknown[] = [];
    for (const row of outer) seen.push(row, db.prepare(text).all([]).length);
    expect(seen).toEqual([{ n: 1 }, 2, { n: 2 }, 2]);
  });

  it('still works after the schema changed under a cached statement', () => {
    const sqlite = memoryDb();
    const db = cachedStatements(sqlite);
    db.prepare('insert into t (n) values (?)').run([1]);
    expect(db.prepare('select * from t').all([])).toEqual([{ n: 1 }]);
    sqlite.exec('alter table t add column m integer default 7');
    expect(db.prepare('select * from t').all([])).toEqual([{ n: 1, m: 7 }]);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select count(*) as c from t').all([])).toEqual([{ c: 2 }]);
  });
});
