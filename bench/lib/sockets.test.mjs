import { describe, expect, it } from 'vitest';
import { pushId } from './sockets.mjs';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const frame = (o) => Buffer.from(JSON.stringify(o));

describe('pushId', () => {
  it('reads type and message uuid of simple and group pushes', () => {
    const data = { id, msg_id: 3, fromUser: { id: 4 }, contactInfo: { id: 'group-1' } };
    expect(pushId(frame({ type: 'simple', time: 1, data }))).toEqual({ type: 'simple', id });
    expect(pushId(frame({ type: 'group', time: 1, data }))).toEqual({ type: 'group', id });
  });
  it('skips numeric and non-uuid ids before the message id', () => {
    const data = { fromUser: { id: 4 }, contactInfo: { id: 'group-12345678901234567890' }, id };
    expect(pushId(frame({ type: 'group', time: 1, data }))).toBeNull();
    expect(pushId(frame({ type: 'group', time: 1, data: { contactInfo: { id: 9 }, id } }))).toEqual({
      type: 'group',
      id,
    });
  });
  it('returns null for other frames', () => {
    expect(pushId(frame({ type: 'isOnline', time: 1, data: { id: 3, is_online: 1, pad: 'x'.repeat(60) } }))).toBeNull();
    expect(pushId(Buffer.from('{"type":"ping"}'))).toBeNull();
    expect(pushId('text')).toBeNull();
  });
});
