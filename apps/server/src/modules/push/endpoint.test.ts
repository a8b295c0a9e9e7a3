import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './endpoint';

describe('push endpoints the server will call', () => {
  it('accepts the public https push services', () => {
    for (const e of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGxx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://fcm.googleapis.com./fcm/send/abc',
    ])
      expect(endpointAllowed(e, false), e).toBe(true);
  });

  it('refuses plain http, addresses and local names, which would reach into the server’s network', () => {
    for (const e of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/x',
      'https://10.0.0.5:8443/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://redis/x',
      'https://admin.internal/x',
      'https://user:pw@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
      // Issue 36 #1: a trailing dot, other ports, metadata names.
      'https://localhost./x',
      'https://metadata.google.internal./x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://vm./x',
      'https://127.0.0.1.nip.io:6379/x',
      'https://fcm.googleapis.com:8443/x',
      'https://2130706433/x',
      'https://[fd00:ec2::254]/x',
      'https://[::ffff:127.0.0.1]/x',
    ])
      expect(endpointAllowed(e, false), e).toBe(false);
  });

  it('allows local http endpoints only when configured to (tests, an intranet relay)', () => {
    expect(endpointAllowed('http://127.0.0.1:4100/bob', true)).toBe(true);
    expect(endpointAllowed('ftp://127.0.0.1/bob', true)).toBe(false);
  });
});
