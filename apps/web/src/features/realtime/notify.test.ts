import { afterEach, describe, expect, it, vi } from 'vitest';
import { contact, message } from '../../state/conversations/fixtures';
import { notifyNewMessage } from './notify';

/** The Vibrate switch of Settings (`isVibrate`) decides whether a new message buzzes the phone. */
describe('notifyNewMessage', () => {
  const vibrate = vi.fn();
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  afterEach(() => vibrate.mockClear());

  it('vibrates only while the setting is on', () => {
    notifyNewMessage(contact(2, { is_notice: 1 }), message(), false, true);
    expect(vibrate).toHaveBeenCalledTimes(1);
    notifyNewMessage(contact(2, { is_notice: 1 }), message(), false, false);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('stays still for a conversation with notices off', () => {
    notifyNewMessage(contact(2, { is_notice: 0 }), message(), false, true);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
