// The hub's socket limits that keep it from taking the API offline (decision
// 164): a total derived from the process's file-descriptor limit and the time an anonymous socket has
// to subscribe to a private channel. Addresses count per IPv6 /64 (http/addresses.ts).
import { readFileSync } from 'node:fs';

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
