// The replica's lag from positions (decision 254); the routing itself is proven on a real standby by
// server/replica.process.test.ts.
import { describe, expect, it } from 'vitest';
import { LagGauge, lsnValue } from './replica.ts';

describe('lsnValue', () => {
  it('reads both hex halves of a WAL position, so positions compare as numbers', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBe(0x100000000n);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
  });
});

describe('LagGauge', () => {
  it('is fresh as of the newest primary position the replica has replayed, however idle the primary', () => {
    const gauge = new LagGauge();
    expect(gauge.observe(1000, 100n, 100n, 1010)).toBe(10);
    expect(gauge.freshAsOf).toBe(1000);
    // An idle primary: the same position an hour on, replayed: no lag, however old the last commit.
    expect(gauge.observe(3_601_000, 100n, 100n, 3_601_005)).toBe(5);
    expect(gauge.freshAsOf).toBe(3_601_000);
  });

  it('grows while replay stays behind, and drops once it passes the positions seen since', () => {
    const gauge = new LagGauge();
    gauge.observe(0, 100n, 100n, 0);
    expect(gauge.observe(1000, 200n, 100n, 1000)).toBe(1000);
    expect(gauge.observe(2000, 300n, 100n, 2000)).toBe(2000);
    expect(gauge.freshAsOf).toBe(0);
    // Replayed past the position seen at 1000 but not the one seen at 3000.
    expect(gauge.observe(3000, 400n, 250n, 3000)).toBe(2000);
    expect(gauge.freshAsOf).toBe(1000);
    expect(gauge.observe(4000, 400n, 400n, 4000)).toBe(0);
  });

  it('counts a server not in recovery (no replay position) as holding everything', () => {
    const gauge = new LagGauge();
    expect(gauge.observe(500, 900n, null, 501)).toBe(1);
    expect(gauge.freshAsOf).toBe(500);
  });

  it('keeps a bounded number of positions while replay is stuck, its lag at least their age', () => {
    const gauge = new LagGauge(3);
    gauge.observe(0, 10n, 10n, 0);
    for (let at = 1000; at <= 10_000; at += 1000) gauge.observe(at, BigInt(at), 10n, at);
    expect(gauge.observe(11_000, 11_000n, 10n, 11_000)).toBeGreaterThanOrEqual(2000);
  });
});
