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
  it('accepts text and emoji now, refuses server-only and not-yet-carried types as a bad type', () => {
    expect(sendableType('text')).toBe('text');
    expect(sendableType('emoji')).toBe('emoji');
    for (const t of ['event', 'webrtc', 'image', 'voice', 'video', 'file', 'location', 'contact', 'nope']) {
      expect(failure(() => sendableType(t))).toEqual([400, 'common.badParam', { name: 'type' }]);
    }
  });

  it('applies the text rules of §4.3', () => {
    expect(prepareContent('text', 'a'.repeat(2048), undefined, []).content).toHaveLength(2048);
    expect(failure(() => prepareContent('text', 'a'.repeat(2049), undefined, []))).toEqual([400, 'chat.tooLong', {}]);
    expect(failure(() => prepareContent('text', '<p></p>', undefined, []))).toEqual([400, 'common.badParam', { name: 'content' }]);
    expect(prepareContent('text', 'hi', { quote: 1 }, [])).toEqual({ content: 'hi', extends: { quote: 1 } });
  });

  it('stores stickers of this server as paths and keeps only their size', () => {
    expect(prepareContent('emoji', 'https://chat.example/storage/e/1.gif', { width: '10', x: 1 }, ['https://chat.example'])).toEqual({
      content: '/storage/e/1.gif',
      extends: { width: 10 },
    });
    for (const bad of ['https://other.example/storage/e/1.gif', '/storage/../secret', 'smile', '/static/a b.png']) {
      expect(failure(() => prepareContent('emoji', bad, undefined, ['https://chat.example']))).toEqual([400, 'common.badParam', { name: 'content' }]);
    }
  });
});
