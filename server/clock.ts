// Time as a dependency, so tests can move it (code expiry, throttling windows, token lifetimes).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
