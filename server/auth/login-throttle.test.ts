// In the default single-process set-up, 52,000 made-up login names from one
// address filled the in-memory store, whose oldest tenth was then dropped: the victim's per-account
// counter and the address's own went with it. The address is checked first now, and counters at
// their limit are never dropped to make room.
import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../http/rate-limits.ts';
import { TestClock } from '../test/harness.ts';
import { LoginThrottle, LoginThrottledError, loginLimits } from './login-throttle.ts';

/** Whether the attempt is let through to the password check. */
async function letThrough(throttle: LoginThrottle, account: string, address: string): Promise<boolean> {
  try {
    await throttle.attempt(account, address);
    return true;
  } catch (error) {
    if (error instanceof LoginThrottledError) return false;
    throw error;
  }
}

describe('the sign-in guessing limits in one process', () => {
  it('count nothing more for an address once it is refused, however many names it makes up', async () => {
    const store = new MemoryCounterStore(new TestClock(), { maxKeys: 1_000 });
    const throttle = new LoginThrottle(store);
    const through: boolean[] = [];
    for (let i = 0; i < 5_000; i++) through.push(await letThrough(throttle, `made-up-${i}@example.test`, '203.0.113.9'));
    expect(through.filter(Boolean)).toHaveLength(loginLimits.perAddress.max);
    // The address's own counter and, per name it was let through with, one pair and one account counter.
    expect(store.size).toBe(1 + 2 * loginLimits.perAddress.max);
  });

  it('keep a blocked account and a refused address through a flood of new keys from many addresses', async () => {
    const clock = new TestClock();
    const store = new MemoryCounterStore(clock, { maxKeys: 1_000 });
    const throttle = new LoginThrottle(store);
    const victim = 'victim@example.test';
    // The victim's account is past its free failures (guesses from many addresses) and blocked.
    for (let i = 0; i <= loginLimits.perAccount.freeFailures; i++) expect(await letThrough(throttle, victim, `198.51.100.${i}`)).toBe(true);
    expect(await letThrough(throttle, victim, '198.51.100.200')).toBe(false);
    // A spraying address is refused.
    for (let i = 0; i < loginLimits.perAddress.max; i++) await letThrough(throttle, `spray-${i}@example.test`, '203.0.113.50');
    expect(await letThrough(throttle, 'spray-last@example.test', '203.0.113.50')).toBe(false);

    // Three times the store's room in new keys, from addresses that are each under their limit.
    for (let i = 0; i < 1_000; i++) await letThrough(throttle, `flood-${i}@example.test`, `10.${i >> 8}.${i & 255}.1`);
    expect(await letThrough(throttle, victim, '198.51.100.201')).toBe(false);
    expect(await letThrough(throttle, 'spray-again@example.test', '203.0.113.50')).toBe(false);
    // And the store still makes room: it holds about its bound, not every key it was given.
    expect(store.size).toBeLessThanOrEqual(1_000 + 20);
  });

  it('count an IPv6 address by its /64, so one subscriber cannot take fresh counters from its block', async () => {
    const throttle = new LoginThrottle(new MemoryCounterStore(new TestClock(), { maxKeys: 1_000 }));
    // Each attempt from another address of one /64, each at another made-up name.
    const through: boolean[] = [];
    for (let i = 0; i < loginLimits.perAddress.max + 5; i++) {
      through.push(await letThrough(throttle, `sprayed-${i}@example.test`, `2001:db8:7:7:${(i + 1).toString(16)}::1`));
    }
    expect(through.filter(Boolean)).toHaveLength(loginLimits.perAddress.max);
    expect(await letThrough(throttle, 'one-more@example.test', '2001:db8:7:7:ffff:ffff:ffff:ffff')).toBe(false);
    // The next /64 is another subscriber.
    expect(await letThrough(throttle, 'elsewhere@example.test', '2001:db8:7:8::1')).toBe(true);
    // One account from one /64: its five a minute are shared by the block's addresses too.
    const pair: boolean[] = [];
    for (let i = 0; i < loginLimits.perAccountAndAddress.max + 1; i++) {
      pair.push(await letThrough(throttle, 'owner@example.test', `2001:db8:9:9::${(i + 1).toString(16)}`));
    }
    expect(pair.filter(Boolean)).toHaveLength(loginLimits.perAccountAndAddress.max);
  });

  it('count an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const throttle = new LoginThrottle(new MemoryCounterStore(new TestClock(), { maxKeys: 1_000 }));
    for (let i = 0; i < loginLimits.perAddress.max; i++) {
      expect(await letThrough(throttle, `mapped-${i}@example.test`, i % 2 ? '203.0.113.77' : '::ffff:203.0.113.77')).toBe(true);
    }
    expect(await letThrough(throttle, 'mapped-last@example.test', '203.0.113.77')).toBe(false);
  });
});

describe('the refusal’s words', () => {
  it('counts seconds in English as a person would', () => {
    expect(new LoginThrottledError(1_000).message).toBe('Too many sign-in attempts. Try again in 1 second.');
    expect(new LoginThrottledError(2_500).message).toBe('Too many sign-in attempts. Try again in 3 seconds.');
  });
});
