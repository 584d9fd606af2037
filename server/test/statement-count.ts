// Counting the statements a service sends: a handle over the database whose reads (select and its
// distinct forms, and raw execute) each count one. Give it to the service alone, so the guards'
// cached reads and other requests' work after their answer are never counted.
import type { Db } from '../db/client.ts';

const counted = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'execute']);

/** `db` as a handle that counts the statements sent through it; `statements()` says how many so far. */
export function countingStatements(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const handle = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!counted.has(String(prop))) return bound;
      return (...args: unknown[]) => {
        statements += 1;
        return bound(...args);
      };
    },
  });
  return { db: handle, statements: () => statements };
}

/**
 * `db` as a handle that counts the waits a service makes: statements sent after an earlier one's answer
 * came start a new wait, statements sent before any answer share one. `waits()` says how many so far.
 */
export function countingWaits(db: Db): { db: Db; waits: () => number } {
  let waits = 0;
  let answered = true;
  const sent = () => {
    if (answered) waits += 1;
    answered = false;
  };
  // Every builder a read returns is wrapped, so the statement is seen when it is awaited (sent).
  const wrap = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    return new Proxy(value, {
      get(target, prop) {
        const member = Reflect.get(target, prop, target) as unknown;
        if (typeof member !== 'function') return member;
        if (prop === 'then')
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => {
            sent();
            return (member as (...a: unknown[]) => Promise<unknown>).call(
              target,
              (v: unknown) => {
                answered = true;
                return resolve(v);
              },
              (e: unknown) => {
                answered = true;
                return reject(e);
              },
            );
          };
        return (...args: unknown[]) => wrap((member as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  };
  const handle = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!counted.has(String(prop))) return bound;
      return (...args: unknown[]) => wrap(bound(...args));
    },
  });
  return { db: handle, waits: () => waits };
}
