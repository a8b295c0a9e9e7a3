import { describe, expect, it } from 'vitest';
import { parseScanText } from './scan-url';

describe('QR code text', () => {
  it('reads a user code from a full URL', () => {
    expect(parseScanText('https://im.example.com/scan/u/eyJ1IjozfQ.sig')).toEqual({
      kind: 'user',
      code: 'eyJ1IjozfQ.sig',
      path: '/scan/u/eyJ1IjozfQ.sig',
    });
  });

  it('reads a group code, also behind a path prefix and with a trailing slash', () => {
    expect(parseScanText(' http://10.0.0.2:3000/chat/scan/g/abc-DEF_12/ ')).toEqual({
      kind: 'group',
      code: 'abc-DEF_12',
      path: '/scan/g/abc-DEF_12',
    });
  });

  it('keeps percent-encoding of the code as it was in the URL', () => {
    expect(parseScanText('https://x.test/scan/u/a%2Bb')).toMatchObject({ kind: 'user', code: 'a%2Bb' });
  });

  it('treats other web addresses as links and anything else as text', () => {
    expect(parseScanText('https://example.com/scan/x/1')).toEqual({ kind: 'url', url: 'https://example.com/scan/x/1' });
    expect(parseScanText('https://example.com/')).toEqual({ kind: 'url', url: 'https://example.com/' });
    expect(parseScanText('/scan/u/abc')).toEqual({ kind: 'text', text: '/scan/u/abc' });
    expect(parseScanText('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(parseScanText('WIFI:S:office;;')).toEqual({ kind: 'text', text: 'WIFI:S:office;;' });
  });
});
