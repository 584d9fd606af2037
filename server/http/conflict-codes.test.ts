// A state a person can run into answers with its own code, so every page says it in its own
// language; the generic `conflict` (whose English message would be the only words for it) is thrown
// nowhere. The type of ConflictError refuses it; this test also catches a DomainError built by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../contract/errors.ts';
import { ConflictError } from '../domain-errors.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('conflict answers', () => {
  it('never use the generic conflict code in server code', () => {
    const offenders = sourceFiles(serverDir).filter((file) => /['"`]conflict['"`]/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(serverDir, file))).toEqual([]);
  });

  it('have a code of their own for every 409 a service throws', () => {
    // @ts-expect-error the generic code is not a ConflictCode
    const generic = new ConflictError('conflict', 'x');
    expect(generic.code).toBe('conflict');
    const own = Object.entries(errorCodes).filter(([code, status]) => status === 409 && code !== 'conflict');
    expect(own.map(([code]) => code)).toEqual(
      expect.arrayContaining(['already_left', 'already_member', 'request_already_decided', 'job_already_verified']),
    );
  });
});
