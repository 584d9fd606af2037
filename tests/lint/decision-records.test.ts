// Decision records carry Status and Date, and a superseded record names one that exists and says so.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.*\.md$/.test(name) && !name.startsWith('000-'))
  .map((name) => ({ name, number: name.slice(0, 3), text: readFileSync(path.join(dir, name), 'utf8') }));

describe('decision records', () => {
  it.each(records)('$name has a Status and a Date', ({ text }) => {
    expect(text).toMatch(/^Status: (accepted|superseded by \d{3})$/m);
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
  });

  it('point a superseded record at one that exists and names it back', () => {
    for (const { name, text } of records) {
      const by = /^Status: superseded by (\d{3})$/m.exec(text)?.[1];
      if (!by) continue;
      const successor = records.find((r) => r.number === by);
      expect(successor, `${name} -> ${by}`).toBeDefined();
      expect(successor!.text, `${by} should say it supersedes ${name}`).toMatch(
        new RegExp(`^Supersedes: .*\\b${name.slice(0, 3)}\\b`, 'm'),
      );
    }
  });
});
