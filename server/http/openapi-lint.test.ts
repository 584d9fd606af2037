// The OpenAPI document passes Redocly's recommended rules with no error (hardening issue, point 8).
// The CLI is run as a user would run it, on the document the server itself serves.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

const run = promisify(execFile);
const redocly = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');

let ctx: TestContext;
let document: Record<string, unknown>;
beforeAll(async () => {
  ctx = await createTestContext();
  document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
});
afterAll(async () => ctx.close());

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document', () => {
  it("has no errors under Redocly's recommended rules", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'profiles-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // Exit code 1 means problems were found: the JSON report says which.
    const { stdout } = await run(redocly, ['lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Problem[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
  }, 120_000);

  it('declares bearer security on every operation behind a guard, and none on the public ones', () => {
    const paths = document['paths'] as Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    const needsBearer = (p: string, m: string) => (paths[p]?.[m]?.security ?? []).some((requirement) => 'bearer' in requirement);
    expect(needsBearer('/api/profile/show', 'get')).toBe(true);
    expect(needsBearer('/api/uploads/{kind}', 'post')).toBe(true);
    expect(needsBearer('/api/companies/{companyId}/members', 'get')).toBe(true);
    expect(needsBearer('/api/logout', 'post')).toBe(true);
    expect(needsBearer('/api/login', 'post')).toBe(false);
    expect(needsBearer('/api/files/{name}', 'get')).toBe(false);
    expect(Object.keys(paths).some((p) => p.includes('*'))).toBe(false);
  });

  it('describes the upload bodies and the statuses shared machinery answers', () => {
    const upload = (document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/api/uploads/{kind}']!['post']!;
    expect(upload['requestBody']).toMatchObject({ content: { 'multipart/form-data': { schema: { required: ['file'] } } } });
    expect(Object.keys(upload['responses'] as object)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '415', '422', '429']),
    );
  });
});
