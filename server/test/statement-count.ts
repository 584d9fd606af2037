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
