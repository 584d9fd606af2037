// About 19,800 sockets from 198 addresses exhausted the process's 20,000 file
// descriptors. The cap is derived from the descriptor limit, and IPv6 addresses count per /64.
import { describe, expect, it } from 'vitest';
import { addressKey } from '../http/addresses.ts';
import { openFileLimit, reservedDescriptors, socketCap } from './socket-limits.ts';

describe('the socket cap', () => {
  it('stays well below the descriptor limit, whatever is configured', () => {
    expect(socketCap(20_000, 20_000)).toBe(Math.floor((20_000 - reservedDescriptors) / 2));
    expect(socketCap(20_000, 20_000)).toBeLessThan(10_000);
    expect(socketCap(5_000, 1_048_576)).toBe(5_000);
    expect(socketCap(20_000, undefined)).toBe(20_000);
  });

  it('reads the soft open-file limit from /proc/self/limits', () => {
    const text =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                524288               files\n';
    expect(openFileLimit(text)).toBe(20_000);
    expect(openFileLimit('Max open files            unlimited            unlimited            files\n')).toBeUndefined();
  });
});

describe('the address a socket counts under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => expect(addressKey(address)).toBe(key));

  it('puts every address of one /64 under one key', () => {
    const keys = new Set(Array.from({ length: 200 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
  });
});
