// The address a client counts under, wherever the server counts by address: the hub's sockets
// (decision 164), the API's connections (decision 231), the sign-in limits and the per-address rate
// limits of anonymous reads. One subscriber usually gets a whole IPv6 /64, so counting the
// full address would let one client take as many slots as it likes.
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The key a client counts under: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6
 * address by its /64.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Fastify's `trustProxy` for `hops` proxies in front (TRUST_PROXY): the socket's peer and the
 * entries nearest it are proxies, so the client is the X-Forwarded-For entry `hops` from the right
 * (the socket's own address when the header holds fewer). Entries further left are whatever the
 * client wrote itself: a proxy appends the address it saw to the header it received.
 */
export function trustedHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * The client of a connection that came through `hops` proxies, as `trustedHops` has Fastify read it:
 * the X-Forwarded-For entry `hops` from the right, the socket's own address when the header holds
 * fewer (or with no proxy).
 */
export function forwardedClient(socketAddress: string, forwardedFor: string | string[] | undefined, hops: number): string {
  if (hops <= 0 || forwardedFor === undefined) return socketAddress;
  const entries = [forwardedFor]
    .flat()
    .flatMap((header) => header.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [socketAddress, ...entries.reverse()];
  return chain[Math.min(hops, chain.length - 1)]!;
}

/**
 * Route config allowing each address (an IPv6 /64) `max` requests per `windowMs` in the budget
 * `name`, counted by @fastify/rate-limit (in Redis when REDIS_URL is set, decision 072) and answered
 * 429 with Retry-After.
 */
export function perAddressRateLimit(name: string, limit: { max: number; windowMs: number }) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${addressKey(request.ip)}`,
    },
  };
}
