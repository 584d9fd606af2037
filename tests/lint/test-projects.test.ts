// The test projects can run together, as `npm run test:feature` runs them (the README's inner loop):
// vitest refuses a run of several projects when two with different worker counts share a group
// ("Projects … have different 'maxWorkers' but same 'sequence.groupOrder'"), which broke that
// command once without any test noticing. The config is read as vitest reads it.
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';

interface Project {
  test: { name: string; maxWorkers?: number | string; sequence?: { groupOrder?: number } };
}

describe('the test projects', () => {
  it('share a group only with projects of the same worker count', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    expect(projects.map((p) => p.test.name)).toEqual(expect.arrayContaining(['unit', 'unit-isolated', 'api', 'server', 'process']));
    const groups = new Map<number, Set<string>>();
    for (const { test } of projects) {
      const group = test.sequence?.groupOrder ?? 0;
      groups.set(group, (groups.get(group) ?? new Set()).add(String(test.maxWorkers ?? 'default')));
    }
    for (const [group, workerCounts] of groups) expect([...workerCounts], `group ${group}`).toHaveLength(1);
  });
});
