// The hub's socket limits that keep it from taking the API offline (issue 28, finding 4; decision
// 164): a total derived from the process's file-descriptor limit, addresses counted per IPv6 /64, and
// the time an anonymous socket has to subscribe to a private channel.
import { readFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';

/** Descriptors kept for everything but sockets: the API's own connections, files, the database. */
export const reservedDescriptors = 1_024;
/** The share of the remaining descriptors sockets may take. */
export const socketShareOfDescriptors = 0.5;

/** The process's soft limit on open files (Linux: /proc/self/limits), or undefined where unknown. */
export function openFileLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  if (!match || match[1] === 'unlimited') return undefined;
  return Number(match[1]);
}

/** The most sockets a hub in this process may hold: the configured cap, lowered to fit the descriptors. */
export function socketCap(configured: number, descriptorLimit: number | undefined): number {
  if (descriptorLimit === undefined) return configured;
  const room = Math.floor((descriptorLimit - reservedDescriptors) * socketShareOfDescriptors);
  return Math.max(1, Math.min(configured, room));
}

/**
 * The key a connection counts under per address: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64, the block one subscriber is usually given.
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
