import { describe, expect, it } from 'vitest';
import { longestFirst } from './test-queue.ts';

describe("npm test's shared queue", () => {
  it('takes the longest steps first, so a long one never runs alone at the end', () => {
    const steps = [
      { name: 'api (pglite)', seconds: 179 },
      { name: 'api (postgres)', seconds: 210 },
      { name: 'typecheck', seconds: 72 },
      { name: 'lint', seconds: 51 },
      { name: 'format', seconds: 19 },
      { name: 'unit', seconds: 60 },
      { name: 'server', seconds: 52 },
      { name: 'process', seconds: 123 },
    ];
    expect(longestFirst(steps).map((step) => step.name)).toEqual([
      'api (postgres)',
      'api (pglite)',
      'process',
      'typecheck',
      'unit',
      'server',
      'lint',
      'format',
    ]);
    // The list it was given is left as it was.
    expect(steps[0]?.name).toBe('api (pglite)');
  });

  it('keeps the written order of steps of equal length', () => {
    expect(
      longestFirst([
        { seconds: 5, name: 'a' },
        { seconds: 9, name: 'b' },
        { seconds: 5, name: 'c' },
      ]).map((step) => step.name),
    ).toEqual(['b', 'a', 'c']);
  });
});
