import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '../../../../i18n';
import { CallBody } from './CallBody';
import type { BodyMessage } from '../../../../state/messages/types';

const startCall = vi.fn();
vi.mock('../../../calls/controller', () => ({ startCall: (...args: unknown[]) => startCall(...args) }));

afterEach(async () => {
  cleanup();
  startCall.mockReset();
  await setLanguage('zh-Hans');
});

const row = (ext: Record<string, unknown> | null, extra: Partial<BodyMessage> = {}): BodyMessage => ({
  id: 'c1',
  type: 'webrtc',
  content: '视频通话',
  toContactId: 7,
  from_user: 7,
  to_user: 3,
  extends: ext,
  fromUser: {
    id: 7,
    user_id: 7,
    realname: 'Bob',
    displayName: 'Bobby',
    account: 'bob01',
    avatar: 'http://x/b.png',
    name_py: 'bob',
  },
  ...extra,
});

function show(msg: BodyMessage, mine = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CallBody msg={msg} mine={mine} senderName="Bobby" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('call-record');
}

describe('CallBody', () => {
  it('says how the call ended in the reader’s language, with the medium’s icon', async () => {
    const ended = row({ type: 1, code: 906, callTime: 7, event: 'hangup' });
    expect(show(ended).textContent).toBe('通话时长 00:07');
    cleanup();
    await setLanguage('en');
    const el = show(ended);
    expect(el.textContent).toBe('Call duration 00:07');
    expect(el.dataset.callType).toBe('1');
    expect(el.getAttribute('aria-label')).toBe('Call duration 00:07, tap to start a video call');
  });

  it('reads a ringing or unanswered voice call, and falls back to the stored text without a code', async () => {
    await setLanguage('en');
    expect(show(row({ type: 0, code: 905 })).textContent).toBe('Not connected');
    cleanup();
    expect(show(row({ type: 0, code: 901 })).textContent).toBe('Voice call');
    cleanup();
    expect(show(row(null, { content: 'Old call &amp; text' })).textContent).toBe('Old call & text');
  });

  it('calls the other party back with the same medium when tapped', () => {
    fireEvent.click(show(row({ type: 1, code: 903 })));
    expect(startCall).toHaveBeenCalledWith({ id: 7, name: 'Bobby', avatar: 'http://x/b.png' }, 1);
  });

  it('on my own record calls the conversation’s peer, not me', () => {
    fireEvent.click(show(row({ type: 0, code: 902 }, { toContactId: 9, from_user: 3, to_user: 9 }), true));
    expect(startCall).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), 0);
  });
});
