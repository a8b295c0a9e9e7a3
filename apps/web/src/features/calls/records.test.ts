import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { contactsKey } from '../../state/conversations/api';
import { contact } from '../../state/conversations/fixtures';
import type { ContactsData } from '../../state/conversations/model';
import { webrtcPayload } from './fixtures';
import { applyCallRecord } from './records';

const ME = 1;

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, { contacts: [contact(2, { unread: 0 })], pendingFriends: 0 });
  qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [], hasMore: false });
  const rows = () => qc.getQueryData<MessagesData>(messagesKey('2'))?.messages ?? [];
  const list = () => qc.getQueryData<ContactsData>(contactsKey)?.contacts ?? [];
  return { qc, rows, list };
}

describe('call records in the chat', () => {
  it("adds the call to the callee's chat and list, unread, as sent by the caller", () => {
    const { qc, rows, list } = setup();
    applyCallRecord(qc, webrtcPayload('calling', { content: '视频通话' }), ME);
    expect(rows()).toEqual([
      expect.objectContaining({ id: 'call-1', type: 'webrtc', content: '视频通话', from_user: 2, toContactId: 2 }),
    ]);
    expect(list()[0]).toMatchObject({ lastContent: '视频通话', type: 'webrtc', unread: 1 });
  });

  it('files my own call under the callee, read', () => {
    const { qc, rows, list } = setup();
    applyCallRecord(qc, webrtcPayload('calling', { from: ME, peer: 2, content: '语音通话', type: 0 }), ME);
    expect(rows()).toEqual([expect.objectContaining({ id: 'call-1', from_user: ME, toUser: 2 })]);
    expect(list()[0]).toMatchObject({ lastContent: '语音通话', unread: 0 });
  });

  it('rewrites the record with the final text on a hangup, keeping who called', () => {
    const { qc, rows } = setup();
    applyCallRecord(qc, webrtcPayload('calling', { content: '视频通话' }), ME);
    // My own hangup comes back as the otherOpt copy (and as the answer to my request).
    applyCallRecord(
      qc,
      webrtcPayload('otherOpt', { from: ME, peer: 2, code: 906, callTime: 65, content: '通话时长 01:05' }),
      ME,
    );
    expect(rows()).toEqual([
      expect.objectContaining({
        id: 'call-1',
        from_user: 2,
        content: '通话时长 01:05',
        extends: expect.objectContaining({ code: 906, callTime: 65 }),
      }),
    ]);
  });

  it('leaves the record alone for signalling and for the acceptance copy', () => {
    const { qc, rows } = setup();
    applyCallRecord(qc, webrtcPayload('calling', { content: '视频通话' }), ME);
    for (const p of [
      webrtcPayload('iceCandidate', { content: '正在连接…' }),
      webrtcPayload('otherOpt', { from: ME, code: 904, content: '已接听' }),
    ]) {
      applyCallRecord(qc, p, ME);
    }
    expect(rows().map((m) => m.content)).toEqual(['视频通话']);
  });

  it('stores nothing for the busy answer of an offline peer (no row exists)', () => {
    const { qc, rows } = setup();
    applyCallRecord(qc, webrtcPayload('busy', { msgId: 0, code: 907, content: '对方忙线中' }), ME);
    expect(rows()).toEqual([]);
  });
});
