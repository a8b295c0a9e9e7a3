import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallEvent, Contact, Message } from '@parley/protocol';
import { webrtcPayload } from '../calls/fixtures';

const showNotification = vi.fn(async () => undefined);
vi.mock('./update', () => ({ swRegistration: async () => ({ active: {}, showNotification }) }));

const { notifyCall, notifyMessage, setDeviceNotify } = await import('./system-notify');

const contact = (over: Partial<Contact>): Contact =>
  ({ id: 12, displayName: 'Bob', is_notice: 1, is_group: 0, ...over }) as Contact;
const message = (over: Partial<Message>): Message =>
  ({
    id: 'm1',
    type: 'text',
    content: 'Lunch at <b>noon</b>?',
    toContactId: 12,
    fromUser: { id: 12, displayName: 'Bob', realname: 'Bob' },
    ...over,
  }) as Message;
const settle = () => new Promise((r) => setTimeout(r, 0));

function pageIs(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('system notifications (issue 22)', () => {
  beforeEach(() => {
    showNotification.mockClear();
    vi.stubGlobal('Notification', { permission: 'granted' });
    setDeviceNotify(true);
    pageIs('hidden');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    pageIs('visible');
  });

  it('shows a new message while the page is hidden, one per chat, with sound per the setting', async () => {
    notifyMessage(contact({}), message({}), true);
    await settle();
    expect(showNotification).toHaveBeenCalledWith(
      'Bob',
      expect.objectContaining({
        body: 'Lunch at noon?',
        tag: 'chat-12',
        silent: false,
        data: { url: './#/pages/message/chat?id=12' },
      }),
    );

    notifyMessage(contact({}), message({}), false);
    await settle();
    expect(showNotification).toHaveBeenLastCalledWith('Bob', expect.objectContaining({ silent: true }));
  });

  it('names the sender in a group', async () => {
    notifyMessage(
      contact({ id: 'group-3', displayName: 'Team' }),
      message({
        toContactId: 'group-3',
        type: 'image',
        fromUser: { id: 7, displayName: 'Alice' } as Message['fromUser'],
      }),
      true,
    );
    await settle();
    expect(showNotification).toHaveBeenCalledWith(
      'Team',
      expect.objectContaining({ body: 'Alice：[图片]', tag: 'chat-group-3' }),
    );
  });

  it('stays quiet for a muted chat, a visible page, a refused permission or a device turned off', async () => {
    notifyMessage(contact({ is_notice: 0 }), message({}), true);
    pageIs('visible');
    notifyMessage(contact({}), message({}), true);
    pageIs('hidden');
    vi.stubGlobal('Notification', { permission: 'denied' });
    notifyMessage(contact({}), message({}), true);
    vi.stubGlobal('Notification', { permission: 'granted' });
    setDeviceNotify(false);
    notifyMessage(contact({}), message({}), true);
    await settle();
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('rings for an incoming call only, not for my own or other call events', async () => {
    const call = (event: CallEvent, from = 12) => {
      const p = webrtcPayload(event, { from, type: 0 });
      return { ...p, fromUser: { ...p.fromUser, displayName: 'Bob' } };
    };
    notifyCall(call('hangup'), 5, true);
    notifyCall(call('calling', 5), 5, true);
    await settle();
    expect(showNotification).not.toHaveBeenCalled();
    notifyCall(call('calling'), 5, true);
    await settle();
    expect(showNotification).toHaveBeenCalledWith(
      'Bob',
      expect.objectContaining({ body: '邀请你语音通话', tag: 'call-12', requireInteraction: true }),
    );
  });
});
