// One small anonymous body of nested arrays froze the event loop for minutes,
// because the text check copied its path at every level. It is refused at the parser now, and the
// check itself is linear however deep its input nests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { nextAddress } from '../test/auth-helpers.ts';
import { maxJsonDepth, nestsDeeperThan } from './json-body.ts';
import { unstorableTextIssues } from './violations.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const postLogin = (payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload,
    headers: { 'content-type': 'application/json' },
    remoteAddress: nextAddress(),
  });

describe('a body nested deeper than the limit', () => {
  it('is refused with 400 at depth 30,000 (60 KB, under the 64 KiB body limit), and /api/health answers meanwhile', async () => {
    // No timed assertion (tests must pass on a loaded machine): the depth is counted in one pass over
    // the raw text before any parse (nestsDeeperThan), which the cases below pin.
    const deep = postLogin(nested(30_000));
    const health = ctx.app.inject({ method: 'GET', url: apiPaths.health });
    const [res, healthy] = await Promise.all([deep, health]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_json', message: 'The request body is nested too deeply.' });
    expect(healthy.statusCode).toBe(200);
  });

  it('is refused one level past the limit, and taken up to it', async () => {
    const over = await postLogin(JSON.stringify({ login: JSON.parse(nested(maxJsonDepth)), password: 'x' }));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('invalid_json');
    // At the limit the body reaches the schema, which names the field.
    const at = await postLogin(JSON.stringify({ login: JSON.parse(nested(maxJsonDepth - 1)), password: 'x' }));
    expect(at.statusCode).toBe(422);
    expect(at.json().violations[0].field).toBe('login');
  });

  it('counts brackets inside strings as text', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(500), b: '\\"[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
  });
});

describe('the check for text PostgreSQL cannot store', () => {
  it('walks 20,000 levels without recursion and names the path of the one bad string', () => {
    let value: unknown = ['ok', 'bad\u0000'];
    for (let i = 0; i < 20_000; i++) value = [value];
    // No timed assertion (it failed on a loaded CI machine at 655 ms against 300): the walk keeps a
    // parent link per entry and builds a path only for a bad string, so it is linear by construction.
    const issues = unstorableTextIssues(value);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual([...Array<number>(20_000).fill(0), 1]);
  }, 10_000);
});
