// Issue 28, finding 1: one small anonymous body of nested arrays froze the event loop for minutes,
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
  ctx.app.inject({ method: 'POST', url: apiPaths.login, payload, headers: { 'content-type': 'application/json' }, remoteAddress: nextAddress() });

describe('a body nested deeper than the limit', () => {
  it('is refused with 400 in milliseconds at depth 100,000, and /api/health answers at once meanwhile', async () => {
    // Warm up the route, so the time measured is the body's alone.
    expect((await postLogin(nested(3))).statusCode).toBe(422);
    const started = performance.now();
    const deep = postLogin(nested(100_000));
    const health = ctx.app.inject({ method: 'GET', url: apiPaths.health }).then((res) => ({ res, at: performance.now() - started }));
    const [res, healthy] = await Promise.all([deep, health]);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_json', message: 'The request body is nested too deeply.' });
    expect(took).toBeLessThan(1000);
    expect(healthy.res.statusCode).toBe(200);
    expect(healthy.at).toBeLessThan(1000);
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
  it('walks 20,000 levels in a fraction of a second and names the path of the one bad string', () => {
    let value: unknown = ['ok', 'bad\u0000'];
    for (let i = 0; i < 20_000; i++) value = [value];
    const started = performance.now();
    const issues = unstorableTextIssues(value);
    // Linear: a few milliseconds. Copying the path at each level took seconds at this depth.
    expect(performance.now() - started).toBeLessThan(300);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual([...Array<number>(20_000).fill(0), 1]);
  }, 10_000);
});
