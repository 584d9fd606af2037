// The network as an outside verifier sees it, for tests: any URL on our host, answered by the app in
// memory (the DID document, the status list, a credential by its link).
import type { FetchText } from './generic-verifier.ts';
import type { TestContext } from './harness.ts';

export function appNetwork(ctx: Pick<TestContext, 'app'>): FetchText {
  return async (url) => {
    const target = new URL(url);
    const res = await ctx.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return { status: res.statusCode, text: res.body };
  };
}
