import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, registerAndLogin, type TestSocket, type TestUser } from './helpers/index';
import { assertNothing, makeFriends, patchConfig, send, serverWithPeople, storedIds, uuid } from './chat-fixtures';
import { callRow, nextCall, noCall, ring, signal, whenWaiting } from './call-fixtures';

/** PROTOCOL §10: sendToMsg checks, the §10.2 routing, the stored call row and the 60 s safety net. */

const { s, alice, bob, carol } = await serverWithPeople(['bob-carol']);
let dave: TestUser;
let bobA: TestSocket;
let bobB: TestSocket;
let carolA: TestSocket;
let carolB: TestSocket;
let aliceWs: TestSocket;

beforeAll(async () => {
  dave = await registerAndLogin(s.api, { account: 'dave1', realname: 'Dave', password: 'dave-pw1' });
  await makeFriends(s, bob, dave);
  const connect = (u: TestUser) => connectSocket(s.url, { token: u.token });
  [bobA, bobB, carolA, carolB, aliceWs] = await Promise.all([
    connect(bob),
    connect(bob),
    connect(carol),
    connect(carol),
    connect(alice),
  ]);
});
afterAll(() => [bobA, bobB, carolA, carolB, aliceWs].forEach((ws) => ws?.close()));

describe('calling', () => {
  it('rings the callee, copies the caller’s devices with contactInfo, and tells nobody else', async () => {
    const { id, res, msgId } = await ring(s, bob, carol);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      id,
      msg_id: msgId,
      toContactId: carol.id,
      toUser: carol.id,
      content: '视频通话',
      type: 'webrtc',
      status: 'succeed',
      is_group: 0,
      is_read: 0,
      at: [],
      fromUser: { id: bob.id, displayName: 'Bob' },
      extends: { type: 1, status: 3, event: 'calling', code: 901, callTime: 0, isMobile: false },
    });
    expect(msgId).toBeGreaterThan(0);

    for (const ws of [carolA, carolB]) {
      const rang = await nextCall(ws, id, 'calling');
      expect(rang.data).toMatchObject({
        msg_id: msgId,
        toContactId: bob.id,
        toUser: carol.id,
        fromUser: { id: bob.id },
        content: '视频通话',
      });
      expect(rang.data.contactInfo).toBeUndefined();
    }
    for (const ws of [bobA, bobB]) {
      const copy = await nextCall(ws, id, 'calling');
      expect(copy.data).toMatchObject({
        toContactId: carol.id,
        contactInfo: { id: carol.id, lastContent: '视频通话' },
      });
    }
    await assertNothing(s, aliceWs, 'webrtc');
    expect(await callRow(s, id)).toMatchObject({ content: '视频通话', extends: { code: 901, type: 1 } });
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
  });

  it('lists the call in both conversation lists with its text', async () => {
    const { id } = await ring(s, carol, bob, { type: 0 }, 'en');
    const contacts = await s.api.post('/enterprise/im/getContacts', {}, { token: bob.token, lang: 'en' });
    expect(contacts.body.data.find((c: { id: number }) => c.id === carol.id)).toMatchObject({
      lastContent: 'Voice call',
      type: 'webrtc',
    });
    await signal(s, carol, { id, toContactId: bob.id, type: 0, event: 'hangup', code: 902 }, { lang: 'en' });
    const after = await s.api.post('/enterprise/im/getContacts', {}, { token: carol.token, lang: 'en' });
    expect(after.body.data.find((c: { id: number }) => c.id === bob.id)).toMatchObject({
      lastContent: 'Call cancelled',
    });
  });

  it('answers busy 907 after a moment when the callee is offline, and stores nothing', async () => {
    const before = s.clock.timers.waiting();
    const id = uuid();
    const pending = signal(s, bob, { id, toContactId: dave.id, type: 0, event: 'calling' }, { lang: 'en' });
    await whenWaiting(s, before);
    s.clock.advance(1000);
    const res = await pending;
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      id,
      msg_id: 0,
      toContactId: dave.id,
      toUser: bob.id,
      fromUser: { id: dave.id },
      content: 'The other party is busy',
      extends: { event: 'busy', code: 907, type: 0 },
    });
    for (const ws of [bobA, bobB]) expect((await nextCall(ws, id, 'busy')).data.extends.code).toBe(907);
    expect(await storedIds(s, [id])).toEqual([]);
  });

  it('repeats a retried calling without ringing again', async () => {
    const { id, msgId } = await ring(s, bob, carol);
    await nextCall(carolA, id, 'calling');
    const again = await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'calling' });
    expect(again.body).toMatchObject({ code: 0, data: { id, msg_id: msgId } });
    await carolA.expectNoneSoFar('webrtc');
    const theirs = await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'calling' }, { lang: 'en' });
    expect(theirs.body).toMatchObject({ code: 400, msg: 'Invalid parameter: id' });
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
  });
});

describe('signalling', () => {
  it('relays offer, answer and iceCandidate to the peer only', async () => {
    const { id } = await ring(s, bob, carol);
    const sdp = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1' };
    const offer = await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'offer', sdp });
    expect(offer.body.code, offer.body.msg).toBe(0);
    expect((await nextCall(carolA, id, 'offer')).data).toMatchObject({
      toContactId: bob.id,
      extends: { sdp, status: 1 },
    });
    await signal(s, carol, { id, toContactId: bob.id, type: 1, status: 2, event: 'answer', sdp: 'v=0 answer' });
    expect((await nextCall(bobA, id, 'answer')).data.extends).toMatchObject({ sdp: 'v=0 answer', status: 2 });
    const candidate = JSON.stringify({
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      sdpMLineIndex: 0,
      sdpMid: '0',
    });
    await signal(
      s,
      carol,
      { id, toContactId: bob.id, type: 1, event: 'iceCandidate', iceCandidate: candidate },
      { lang: 'en' },
    );
    const ice = await nextCall(bobB, id, 'iceCandidate');
    expect(ice.data).toMatchObject({ content: 'Connecting…', extends: { iceCandidate: candidate } });
    // No copies of signalling to the sender's own devices, nothing to a third user.
    await carolB.expectNoneSoFar('webrtc');
    await assertNothing(s, aliceWs, 'webrtc');
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
  });

  it('acceptRtc reaches the caller and stops my other devices (otherOpt)', async () => {
    const { id } = await ring(s, bob, carol);
    const accepted = await signal(
      s,
      carol,
      { id, toContactId: bob.id, type: 1, status: 2, event: 'acceptRtc' },
      { form: true },
    );
    expect(accepted.body.code, accepted.body.msg).toBe(0);
    for (const ws of [bobA, bobB])
      expect((await nextCall(ws, id, 'acceptRtc')).data).toMatchObject({ content: '已接听', extends: { code: 904 } });
    expect((await nextCall(carolB, id, 'otherOpt')).data).toMatchObject({
      toContactId: bob.id,
      extends: { code: 904 },
    });
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 906, callTime: 3 });
  });

  it('hangup 906 stores the duration in the caller’s language and tells both parties', async () => {
    for (const [lang, text] of [
      ['zh-CN', '通话时长 00:07'],
      ['en', 'Call duration 00:07'],
    ] as const) {
      const { id } = await ring(s, bob, carol);
      await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'acceptRtc', code: 904 });
      const res = await signal(
        s,
        carol,
        { id, toContactId: bob.id, type: 1, event: 'hangup', code: 906, callTime: 7 },
        { lang },
      );
      expect(res.body.data).toMatchObject({ content: text, extends: { code: 906, callTime: 7 } });
      expect((await nextCall(bobA, id, 'hangup')).data).toMatchObject({ content: text, toContactId: carol.id });
      expect((await nextCall(carolB, id, 'otherOpt', 906)).data.toContactId).toBe(bob.id);
      expect(await callRow(s, id)).toMatchObject({
        content: text,
        extends: { code: 906, callTime: 7, event: 'hangup' },
      });
      const list = await s.api.post('/enterprise/im/getMessageList', { toContactId: carol.id }, { token: bob.token });
      expect(list.body.data.at(-1)).toMatchObject({ id, type: 'webrtc', content: text, extends: { code: 906 } });
    }
  });

  it('keeps the first outcome: a decline is not rewritten by a later cancel', async () => {
    const { id } = await ring(s, bob, carol);
    await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'hangup', code: 903 });
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
    expect(await callRow(s, id)).toMatchObject({ content: '对方已拒绝', extends: { code: 903 } });
  });
});

describe('refusals', () => {
  it('refuses a stranger, calls turned off, unknown calls and outsiders with the protocol keys', async () => {
    const stranger = await signal(s, carol, { id: uuid(), toContactId: dave.id, type: 1 }, { lang: 'en' });
    expect(stranger.body).toMatchObject({ code: 400, msg: 'They have not added you as a friend' });

    const unknown = await signal(
      s,
      bob,
      { id: uuid(), toContactId: carol.id, type: 1, event: 'hangup', code: 902 },
      { lang: 'en' },
    );
    expect(unknown.body).toMatchObject({ code: 400, msg: 'Call not found' });

    const { id } = await ring(s, bob, carol);
    const outsider = await signal(
      s,
      alice,
      { id, toContactId: bob.id, type: 1, event: 'hangup', code: 903 },
      { lang: 'en' },
    );
    expect(outsider.body).toMatchObject({ code: 400, msg: 'Call not found' });
    const wrongPeer = await signal(
      s,
      bob,
      { id, toContactId: alice.id, type: 1, event: 'offer', sdp: 'x' },
      { lang: 'en' },
    );
    expect(wrongPeer.body).toMatchObject({ code: 400, msg: 'Call not found' });
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });

    const bad = await signal(s, bob, { id: uuid(), toContactId: carol.id, type: 1, code: 950 }, { lang: 'en' });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Invalid parameter: code' });

    await patchConfig(s, 'chatInfo', { webrtc: 0 });
    try {
      const off = await signal(s, bob, { id: uuid(), toContactId: carol.id, type: 1 }, { lang: 'en' });
      expect(off.body).toMatchObject({ code: 400, msg: 'Calls are turned off' });
    } finally {
      await patchConfig(s, 'chatInfo', { webrtc: 1 });
    }
  });

  it('keeps webrtc rows out of sendMessage', async () => {
    const res = await send(s, bob, carol.id, 'x', { type: 'webrtc' });
    expect(res.body).toMatchObject({ code: 400, msg: 'Invalid parameter: type' });
  });
});

describe('safety net', () => {
  it('closes a call nobody answered after 60 s as 905 and tells both parties', async () => {
    const { id } = await ring(s, bob, carol);
    await nextCall(carolA, id, 'calling');
    s.clock.advance(60_000);
    for (const ws of [carolA, bobA]) {
      expect((await nextCall(ws, id, 'hangup')).data).toMatchObject({
        fromUser: { id: bob.id },
        content: '未接通',
        extends: { code: 905 },
      });
    }
    expect(await callRow(s, id)).toMatchObject({ content: '未接通', extends: { code: 905 } });
    const late = await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 902 });
    expect(late.body.code).toBe(0);
    expect(await callRow(s, id)).toMatchObject({ extends: { code: 905 } });
  });

  it('leaves an answered call alone', async () => {
    const { id } = await ring(s, bob, carol);
    await signal(s, carol, { id, toContactId: bob.id, type: 1, event: 'acceptRtc', code: 904 });
    await nextCall(bobA, id, 'acceptRtc');
    s.clock.advance(61_000);
    expect(await callRow(s, id)).toMatchObject({ content: '视频通话', extends: { code: 904 } });
    await noCall(s, bobA, id);
    await signal(s, bob, { id, toContactId: carol.id, type: 1, event: 'hangup', code: 906, callTime: 75 });
    expect(await callRow(s, id)).toMatchObject({ content: '通话时长 01:15' });
  });

  it('a node’s sweep closes a ringing call whose timer was lost', async () => {
    const { id } = await ring(s, bob, carol);
    s.services.calls.stop(); // as if the node holding the timer went away
    s.clock.advance(60_000);
    await s.services.calls.sweep();
    expect(await callRow(s, id)).toMatchObject({ content: '未接通', extends: { code: 905 } });
    expect((await nextCall(carolA, id, 'hangup')).data.extends.code).toBe(905);
  });
});
