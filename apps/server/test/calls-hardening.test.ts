import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectSockets,
  registerAndLogin,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestUser,
} from './helpers/index';
import { makeFriends } from './chat-fixtures';
import { nextCall, ring, signal } from './call-fixtures';

/** Issue 19 #9: signalling is relayed only while a call rings or is live, and within size caps. */

let s: TestServer;
let bob: TestUser;
let carol: TestUser;
let bobWs: TestSocket;
let carolWs: TestSocket;

beforeAll(async () => {
  s = await startTestServer();
  await registerAndLogin(s.api, { account: 'admin01', realname: 'Admin', password: 'admin-pw1' });
  bob = await registerAndLogin(s.api, { account: 'bob01', realname: 'Bob', password: 'bob-pw01' });
  carol = await registerAndLogin(s.api, { account: 'carol', realname: 'Carol', password: 'carol-pw1' });
  await makeFriends(s, bob, carol);
  [bobWs, carolWs] = await connectSockets(s.url, [bob, carol]);
});
afterAll(async () => {
  bobWs?.close();
  carolWs?.close();
  await s?.close();
});

const offer = (id: string, to: TestUser, sdp: string) => ({ id, toContactId: to.id, type: 1, event: 'offer', sdp });

describe('signalling after the call', () => {
  it('refuses offers and candidates of an ended call and relays nothing; a second hangup is harmless', async () => {
    const { id } = await ring(s, bob, carol);
    await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'acceptRtc', code: 904 });
    expect((await signal(s, bob, offer(id, carol, 'v=0 live'))).body.code).toBe(0);
    await nextCall(carolWs, id, 'offer');
    await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'hangup', code: 906, callTime: 3 });
    await nextCall(bobWs, id, 'hangup');

    const late = await signal(s, bob, offer(id, carol, 'v=0 after'), { lang: 'en' });
    expect(late.body).toMatchObject({ code: 400, msg: 'Call not found' });
    const cand = await signal(
      s,
      bob,
      { id, toContactId: carol.id, type: 1, event: 'iceCandidate', iceCandidate: '{"candidate":"x"}' },
      { lang: 'en' },
    );
    expect(cand.body).toMatchObject({ code: 400, msg: 'Call not found' });
    expect((await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 })).body.code).toBe(
      0,
    );
    await carolWs.expectNoneSoFar('webrtc');
  });

  it('refuses an SDP over 32 KB and a candidate over 2 KB while the call rings', async () => {
    const { id } = await ring(s, bob, carol);
    await nextCall(carolWs, id, 'calling');
    const big = await signal(s, bob, offer(id, carol, 'a'.repeat(900 * 1024)), { lang: 'en' });
    expect(big.body).toMatchObject({ code: 400, msg: 'Invalid parameter: sdp' });
    const cand = await signal(
      s,
      bob,
      { id, toContactId: carol.id, type: 1, event: 'iceCandidate', iceCandidate: 'c'.repeat(3000) },
      { lang: 'en' },
    );
    expect(cand.body).toMatchObject({ code: 400, msg: 'Invalid parameter: iceCandidate' });
    await carolWs.expectNoneSoFar('webrtc');
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
  });
});
