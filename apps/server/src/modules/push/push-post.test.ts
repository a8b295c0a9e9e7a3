import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forbiddenAddress } from './address-rules';
import { postToPushService, PushEndpointRefused, type Resolve } from './push-post';

/** Issue 36 #1: where a Web Push request may go, decided on the addresses connected to. */

describe('addresses a push may reach', () => {
  it('refuses this machine, private and shared networks, link-local and the metadata services', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      'not an address',
    ])
      expect(forbiddenAddress(a), a).toBe(true);
  });

  it('allows public unicast addresses', () => {
    for (const a of ['8.8.8.8', '142.250.74.106', '172.32.0.1', '100.128.0.1', '2a00:1450:4001:82b::200a'])
      expect(forbiddenAddress(a), a).toBe(false);
  });
});

const body = { headers: { ttl: '60' }, body: Buffer.from('x'), timeoutMs: 5000 };

describe('sending a push', () => {
  it('refuses a public-looking name that resolves into the server’s network, before connecting', async () => {
    const asked: string[] = [];
    const resolveTo =
      (...addresses: string[]): Resolve =>
      async (host) => {
        asked.push(host);
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      };
    for (const addresses of [['127.0.0.1'], ['169.254.169.254'], ['fd00:ec2::254'], ['142.250.74.106', '10.0.0.7']]) {
      const sent = postToPushService('https://push.parley-probe.net./w/1', body, {
        allowLocal: false,
        resolve: resolveTo(...addresses),
      });
      await expect(sent, addresses.join()).rejects.toBeInstanceOf(PushEndpointRefused);
    }
    // The trailing dot is dropped before the name is looked up.
    expect(new Set(asked)).toEqual(new Set(['push.parley-probe.net']));
  });

  it('refuses other ports and local names without looking anything up', async () => {
    let lookups = 0;
    const resolve: Resolve = async () => {
      lookups++;
      return [{ address: '142.250.74.106', family: 4 }];
    };
    for (const e of ['https://push.parley-probe.net:6379/x', 'https://localhost./x', 'http://push.parley-probe.net/x'])
      await expect(postToPushService(e, body, { allowLocal: false, resolve }), e).rejects.toBeInstanceOf(
        PushEndpointRefused,
      );
    expect(lookups).toBe(0);
  });

  it('never follows a redirect: the redirect is the answer', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/w/1' ? 303 : 200, { location: '/internal-admin' });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Loopback http is reachable only with PARLEY_PUSH_HTTP_ENDPOINTS=1 (tests, an intranet relay).
      expect(await postToPushService(`${base}/w/1`, body, { allowLocal: true })).toBe(303);
      expect(hits).toEqual(['POST /w/1']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
