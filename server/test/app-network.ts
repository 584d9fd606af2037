// The network as an outside verifier sees it, for tests: any URL on our host, answered by the app in
// memory (the DID document, the status list, a credential by its link).
import http from 'node:http';
import type { FetchText } from './generic-verifier.ts';
import type { TestContext } from './harness.ts';

export function appNetwork(ctx: Pick<TestContext, 'app'>): FetchText {
  return async (url) => {
    const target = new URL(url);
    const res = await ctx.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return { status: res.statusCode, text: res.body };
  };
}

/**
 * The network with the companies' domains too (decision 258): our host answered by the app in memory,
 * and a `.test` domain's address by the tests' own web server on this machine (its Host header naming
 * the domain), as a verifier elsewhere would reach the company's site.
 */
export function appAndDomainsNetwork(ctx: Pick<TestContext, 'app'>, httpPort: number, siteUrl: string): FetchText {
  const app = appNetwork(ctx);
  return async (url) => {
    const target = new URL(url);
    if (target.host === new URL(siteUrl).host || !target.hostname.endsWith('.test')) return app(url);
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: httpPort, path: target.pathname, headers: { host: target.host }, agent: false },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  };
}
