import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors';
import { prepareContent, sendableType } from './kinds';

const failure = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? [err.code, err.msgKey, err.params] : err;
  }
  return 'no error';
};

describe('message kinds', () => {
  it('accepts text, emoji, location and contact, refuses server-only and unknown types as a bad type', () => {
    for (const t of ['text', 'emoji', 'location', 'contact']) expect(sendableType(t)).toBe(t);
    for (const t of ['event', 'webrtc', 'nope']) {
      expect(failure(() => sendableType(t))).toEqual([400, 'common.badParam', { name: 'type' }]);
    }
  });

  it('applies the text rules of §4.3', () => {
    expect(prepareContent('text', 'a'.repeat(2048), undefined, []).content).toHaveLength(2048);
    expect(failure(() => prepareContent('text', 'a'.repeat(2049), undefined, []))).toEqual([400, 'chat.tooLong', {}]);
    expect(failure(() => prepareContent('text', '<p></p>', undefined, []))).toEqual([
      400,
      'common.badParam',
      { name: 'content' },
    ]);
    expect(prepareContent('text', 'hi', { quote: 1 }, [])).toEqual({ content: 'hi', extends: { quote: 1 } });
  });

  it('stores stickers of this server as paths and keeps only their size', () => {
    expect(
      prepareContent('emoji', 'https://chat.example/storage/e/1.gif', { width: '10', x: 1 }, ['https://chat.example']),
    ).toEqual({ content: '/storage/e/1.gif', extends: { width: 10 } });
    for (const bad of ['https://other.example/storage/e/1.gif', '/storage/../secret', 'smile', '/static/a b.png']) {
      expect(failure(() => prepareContent('emoji', bad, undefined, ['https://chat.example']))).toEqual([
        400,
        'common.badParam',
        { name: 'content' },
      ]);
    }
  });

  it("writes a location line in the sender's language and keeps only the four place keys", () => {
    const place = { name: 'Tom & Jerry <Café>', address: '1 Main St', latitude: '31.23', longitude: -121.5, zoom: 9 };
    expect(prepareContent('location', 'ignored', place, [], 'en-us')).toEqual({
      content: '[Location] Tom &amp; Jerry &lt;Café&gt;',
      extends: { name: 'Tom & Jerry <Café>', address: '1 Main St', latitude: 31.23, longitude: -121.5 },
    });
    expect(
      prepareContent('location', '', { address: 'Pier 3', latitude: 0, longitude: 180 }, [], 'zh-cn').content,
    ).toBe('[位置] Pier 3');
  });

  it('refuses a location without a place or with coordinates out of range, naming the field', () => {
    const ok = { name: 'Here', address: '', latitude: 10, longitude: 20 };
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [undefined, 'extends'],
      [{ ...ok, latitude: 90.5 }, 'extends.latitude'],
      [{ ...ok, latitude: 'north' }, 'extends.latitude'],
      [{ ...ok, latitude: undefined }, 'extends.latitude'],
      [{ ...ok, longitude: -180.01 }, 'extends.longitude'],
      [{ ...ok, longitude: '' }, 'extends.longitude'],
      [{ ...ok, name: '' }, 'extends.name'],
      [{ ...ok, name: { x: 1 } }, 'extends.name'],
      [{ ...ok, address: 'a'.repeat(256) }, 'extends.address'],
    ];
    for (const [ext, name] of cases) {
      expect(failure(() => prepareContent('location', '', ext, [], 'en-us'))).toEqual([
        400,
        'common.badParam',
        { name },
      ]);
    }
  });

  it('writes a contact card line from the refreshed card only', () => {
    const card = { id: 7, displayName: 'Bob <b>', avatar: 'https://chat.example/static/img/avatar.png' };
    expect(prepareContent('contact', 'x', card, [], 'en-us')).toEqual({
      content: '[Contact card] Bob &lt;b&gt;',
      extends: card,
    });
    expect(prepareContent('contact', 'x', card, [], 'zh-cn').content).toBe('[名片] Bob &lt;b&gt;');
    expect(failure(() => prepareContent('contact', 'x', { id: 7 }, [], 'en-us'))).toEqual([
      400,
      'contact.notFound',
      {},
    ]);
  });
});
