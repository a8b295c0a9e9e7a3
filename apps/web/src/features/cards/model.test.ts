import { describe, expect, it } from 'vitest';
import { cardOf } from './model';

describe('contact cards', () => {
  it('reads the shared user of a contact message', () => {
    expect(cardOf({ id: 7, displayName: 'Carol', avatar: 'https://x/a.png' })).toEqual({
      id: 7,
      displayName: 'Carol',
      avatar: 'https://x/a.png',
    });
    // A card still on its way carries what the sender saw; user_id is accepted as the id.
    expect(cardOf({ user_id: '7' })).toEqual({ id: 7, displayName: '', avatar: '' });
  });

  it('refuses a card without a user', () => {
    expect(cardOf(null)).toBeNull();
    expect(cardOf({ displayName: 'x' })).toBeNull();
    expect(cardOf({ id: 0 })).toBeNull();
  });
});
