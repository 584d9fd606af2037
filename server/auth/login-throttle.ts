// Sign-in guessing limits (hardening issue, point 4; decisions 072 and 163). Counters of sign-in
// attempts in the shared CounterStore, counted before the password is checked (so a burst of parallel
// guesses is counted, not raced):
// - one address across accounts: 20 in 10 minutes (one machine spraying a password over accounts).
//   Checked first, and a refused attempt counts nothing else, so made-up login names from one address
//   cannot fill the store and flush other counters (decision 163);
// - one account from one address: 5 a minute (a person mistyping is not slowed by anyone else);
// - one account across addresses: 10 an hour, then each attempt blocks the account's sign-in for a
//   delay that doubles (1 s, 2 s, 4 s … capped at 5 minutes). Growing delays, not a lock: the owner
//   can always try again after the delay, and an attacker gets a handful of guesses an hour.
// - an address the account signed in from in the last 30 days passes the account's delays (decision
//   163): an attacker's guesses elsewhere cannot lock the owner out of their usual place;
//   there it is still held by the first two limits.
// - a browser that signed in to the account before carries a device cookie (device-cookie.ts, decision
//   245): its attempts count on a counter of its own, 10 an hour, and neither meet
//   nor add to the account's delays; past its 10 the device counts as any other. The owner gets in
//   from their own browser on any network while an attacker spends the delays elsewhere.
// A success clears the account's counters (not the address's) and remembers the address. Counters at
// their limit, and remembered addresses, are kept when a bounded store makes room.
import { TooManyError } from '../domain-errors.ts';
import { addressKey } from '../http/addresses.ts';
import type { CounterStore } from '../http/rate-limits.ts';

export const loginLimits = {
  perAccountAndAddress: { max: 5, windowMs: 60_000 },
  perAddress: { max: 20, windowMs: 10 * 60_000 },
  perAccount: { freeFailures: 10, windowMs: 60 * 60_000, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
  knownAddress: { rememberMs: 30 * 24 * 60 * 60_000 },
  perDevice: { max: 10, windowMs: 60 * 60_000 },
} as const;

/** Sign-in is refused for `retryAfterSeconds`. */
export class LoginThrottledError extends TooManyError {
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(seconds, `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
  }
}

// An IPv6 address counts by its /64, as the hub and the connection cap count it:
// one subscriber usually holds the whole block, and would otherwise get fresh counters at will.
const keys = (account: string, ip: string, address = addressKey(ip)) => ({
  pair: `login:pair:${account}|${address}`,
  address: `login:address:${address}`,
  accountFailures: `login:account:${account}`,
  accountBlock: `login:account-block:${account}`,
  knownAddress: `login:known:${account}|${address}`,
});
const deviceKey = (account: string, device: string) => `login:device:${account}|${device}`;

/** The delay the `attempts`-th attempt at one account in its window starts (0 within the allowance). */
export function accountDelayMs(attempts: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = loginLimits.perAccount;
  if (attempts <= freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, attempts - freeFailures - 1));
}

export class LoginThrottle {
  private readonly store: CounterStore;
  constructor(store: CounterStore) {
    this.store = store;
  }

  /**
   * Counts a sign-in attempt; throws LoginThrottledError when a limit refuses it. `device` is the nonce
   * of a device cookie signed for this account (trustedDevice), when the request carries one.
   */
  async attempt(account: string, address: string, device?: string): Promise<void> {
    const k = keys(account, address);
    const byAddress = await this.store.hit(k.address, loginLimits.perAddress.windowMs, { keepFrom: loginLimits.perAddress.max + 1 });
    if (byAddress.count > loginLimits.perAddress.max) throw new LoginThrottledError(byAddress.resetInMs);
    if (device !== undefined) {
      // A device that signed in here before: its own counter, apart from the account's delays.
      const byDevice = await this.store.hit(deviceKey(account, device), loginLimits.perDevice.windowMs, {
        keepFrom: loginLimits.perDevice.max + 1,
      });
      if (byDevice.count <= loginLimits.perDevice.max) {
        const pair = await this.store.hit(k.pair, loginLimits.perAccountAndAddress.windowMs, {
          keepFrom: loginLimits.perAccountAndAddress.max + 1,
        });
        if (pair.count > loginLimits.perAccountAndAddress.max) throw new LoginThrottledError(pair.resetInMs);
        return;
      }
      // Past its own limit (a stolen cookie guessing), it is counted as any other browser.
    }
    const known = (await this.store.peek(k.knownAddress)).count > 0;
    if (!known) {
      const block = await this.store.peek(k.accountBlock);
      if (block.count > 0) throw new LoginThrottledError(block.resetInMs);
    }
    const [pair, byAccount] = await Promise.all([
      this.store.hit(k.pair, loginLimits.perAccountAndAddress.windowMs, { keepFrom: loginLimits.perAccountAndAddress.max + 1 }),
      this.store.hit(k.accountFailures, loginLimits.perAccount.windowMs, { keepFrom: loginLimits.perAccount.freeFailures + 1 }),
    ]);
    if (pair.count > loginLimits.perAccountAndAddress.max) throw new LoginThrottledError(pair.resetInMs);
    if (known) return;
    const delay = accountDelayMs(byAccount.count);
    // Past the allowance, an attempt goes ahead only by starting the next delay itself; concurrent
    // attempts find it started and wait.
    if (delay > 0 && !(await this.store.start(k.accountBlock, delay, { keep: true }))) {
      throw new LoginThrottledError((await this.store.peek(k.accountBlock)).resetInMs);
    }
  }

  /**
   * A right password with a second step still to come (decision 180): the password's counters start
   * again, but the address is remembered only once the second step succeeds.
   */
  async passwordAccepted(account: string, address: string, device?: string): Promise<void> {
    await Promise.all(this.clearsAfterRightPassword(account, address, device));
  }

  /**
   * A successful sign-in: the account's own counters start again, and the address is remembered. Through
   * a known device only the device's and the pair's counters start again: the account's delays are
   * what other browsers spend, and the owner signing in on their own one gives those no fresh guesses.
   */
  async succeeded(account: string, address: string, device?: string): Promise<void> {
    await Promise.all([
      ...this.clearsAfterRightPassword(account, address, device),
      this.store.start(keys(account, address).knownAddress, loginLimits.knownAddress.rememberMs, { keep: true }),
    ]);
  }

  private clearsAfterRightPassword(account: string, address: string, device: string | undefined): Promise<unknown>[] {
    const k = keys(account, address);
    if (device !== undefined) return [this.store.clear(k.pair), this.store.clear(deviceKey(account, device))];
    return [this.store.clear(k.pair), this.store.clear(k.accountFailures), this.store.clear(k.accountBlock)];
  }
}
