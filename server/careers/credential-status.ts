// The W3C Bitstring Status List's bits (decision 190): index 0 is the first byte's most
// significant bit; the list is GZIP-compressed and written as a multibase base64url string ('u').
import { gunzipSync, gzipSync } from 'node:zlib';
import { statusListBits } from '../../contract/credentials.ts';

/** The encodedList of a list whose `set` indexes are 1 (revoked). */
export function encodeStatusList(set: Iterable<number>, bits = statusListBits): string {
  const bytes = new Uint8Array(bits / 8);
  for (const index of set) {
    if (!Number.isInteger(index) || index < 0 || index >= bits) throw new RangeError(`Status index ${index} is outside the list.`);
    bytes[index >> 3]! |= 0x80 >> (index & 7);
  }
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** Whether bit `index` is set in an encodedList (for tests and the export). */
export function statusBitOf(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith('u')) throw new Error('The encoded list is not multibase base64url.');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  return ((bytes[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}
