import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people, registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';

/** Housekeeping: expired session rows are deleted hourly, live ones stay (PROTOCOL §2.3, §13.2). */

let s: TestServer;
let alice: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  alice = await registerAndLogin(s.api, people.alice);
});
afterAll(async () => s?.close());

const sessionsOf = async (userId: number) =>
  (await s.database.db.selectFrom('sessions').select('jti').where('user_id', '=', userId).execute()).length;

describe('expired sessions', () => {
  it('are deleted within the hour after their 30 days, while a newer login keeps its row', async () => {
    expect(await sessionsOf(alice.id)).toBe(1);
    s.clock.advance(29 * 86_400_000);
    const later = await registerAndLogin(s.api, { account: 'bobby1', realname: 'Bob', password: 'pass-word1' });
    s.clock.advance(2 * 86_400_000 + 3_600_000);
    await expect.poll(() => sessionsOf(alice.id)).toBe(0);
    expect(await sessionsOf(later.id)).toBe(1);
  });
});
