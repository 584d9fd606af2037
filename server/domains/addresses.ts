// The SSRF guard of the domain checks (decision 248): a file check connects only to an
// address on the public internet, never to this machine, the private networks, link-local, shared
// (carrier-grade NAT), documentation, multicast or reserved ranges, in IPv4 or IPv6 (IPv4-mapped,
// NAT64 and 6to4 addresses are refused too: they can carry an internal IPv4 address).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const v4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const v6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// One list a family: node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too,
// so `::ffff:0:0/96` in a shared list would refuse every IPv4 address.
const refusedV4 = new BlockList();
for (const [network, prefix] of v4) refusedV4.addSubnet(network, prefix, 'ipv4');
const refusedV6 = new BlockList();
for (const [network, prefix] of v6) refusedV6.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether a check may connect to `address`. `allowLoopback` is the development and test setting
 * (DOMAIN_CHECK_TEST_PORT, never in production) for the `.test` domains the tests' servers stand for.
 */
export function addressAllowed(address: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): boolean {
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  if (allowLoopback && loopback.check(address, family)) return true;
  return !(family === 'ipv4' ? refusedV4 : refusedV6).check(address, family);
}
