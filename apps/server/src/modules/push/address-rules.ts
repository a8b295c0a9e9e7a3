import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a push request must never reach (issue 36 #1): this machine, its networks and the
 * cloud metadata services. Push services (FCM, Mozilla, Apple, Microsoft) are public hosts, so
 * only a request sent into the server's own network would land here.
 */
const v4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, 169.254.169.254 the metadata service of most clouds
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  v4.addSubnet(net, prefix, 'ipv4');

const v6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the old IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (carries an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (carries an IPv4 address)
  ['fc00::', 7], // unique local, fd00:ec2::254 the AWS metadata service
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  v6.addSubnet(net, prefix, 'ipv6');

/** `::ffff:a.b.c.d` (or its hex form) → `a.b.c.d`. */
function mappedV4(address: string): string | undefined {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m?.[1]) return undefined;
  if (isIPv4(m[1])) return m[1];
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(m[1]);
  if (!hex?.[1] || !hex[2]) return undefined;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for anything but a public unicast address (an unparsable one included). */
export function forbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return v4.check(bare, 'ipv4');
  if (!isIPv6(bare)) return true;
  const inner = mappedV4(bare);
  if (inner) return v4.check(inner, 'ipv4');
  return v6.check(bare, 'ipv6');
}
