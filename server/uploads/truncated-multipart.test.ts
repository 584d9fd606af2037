// A multipart body cut off before its closing boundary (a dropped connection, a
// client that lies about its body) is the client's fault: 400 on every upload route, never a 500,
// and nothing is left behind.
import { mkdirSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths } from '../../contract/careers.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompanyContext, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let session: string;
let jobId: number;

beforeAll(async () => {
  ({ ctx, owner, companyId, ownerSession: session } = await createCompanyContext());
  const page = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('employments'),
    headers: bearer(owner.token),
    payload: {
      position: 'Support lead',
      company_name: 'Elsewhere Ltd',
      start_date: '2018-03-01',
      end_date: '2021-08-31',
      is_current: false,
    },
  });
  jobId = page.json().data.employments[0].id as number;
  mkdirSync(`${ctx.config.uploadsDir}/.incoming`, { recursive: true });
});
afterAll(async () => ctx.close());

/** A body with the part's head and half its bytes, and no closing boundary. */
function truncated(bytes: Buffer, filename: string) {
  const whole = multipartFile(bytes, filename);
  const head = whole.payload.indexOf('\r\n\r\n') + 4;
  return { headers: whole.headers, payload: whole.payload.subarray(0, head + Math.floor(bytes.length / 2)) };
}
const storedFiles = () => readdirSync(ctx.config.uploadsDir).filter((f) => !f.startsWith('.'));
const incoming = () => readdirSync(`${ctx.config.uploadsDir}/.incoming`);

describe('a multipart body cut off mid-file', () => {
  const routes: [string, () => { url: string; token: string }, () => Buffer, string][] = [
    ['the profile photo', () => ({ url: profileApiPaths.upload('photo'), token: owner.token }), () => sampleFiles.png(), 'me.png'],
    ['the profile cover', () => ({ url: profileApiPaths.upload('cover'), token: owner.token }), () => sampleFiles.png(), 'cover.png'],
    ['a company logo', () => ({ url: workspacePaths.logo(companyId), token: session }), () => sampleFiles.png(), 'logo.png'],
    ['a company cover', () => ({ url: workspacePaths.cover(companyId), token: session }), () => sampleFiles.png(), 'cover.png'],
    ['a job document', () => ({ url: careersPaths.documents(jobId), token: owner.token }), () => sampleFiles.pdf(), 'reference.pdf'],
  ];

  it.each(routes)('is refused with 400 on %s, storing nothing', async (_what, route, bytes, filename) => {
    const { url, token } = route();
    const before = storedFiles();
    const body = truncated(bytes(), filename);
    const res = await ctx.app.inject({ method: 'POST', url, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: 'The upload ended before it was complete. Please try again.' });
    expect(storedFiles()).toEqual(before);
    expect(incoming()).toEqual([]);
  });

  it('is refused with 400 when the body ends inside the part head', async () => {
    const whole = multipartFile(sampleFiles.png(), 'me.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.upload('photo'),
      headers: { ...whole.headers, ...bearer(owner.token) },
      payload: whole.payload.subarray(0, 30),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });
});
