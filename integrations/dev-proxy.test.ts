import { describe, expect, it } from 'vitest';
import { credentialPublicPaths } from '../contract/credential-format.ts';
import { devProxy, proxiedInDev } from './dev-proxy.ts';

describe('the dev server proxy', () => {
  it('sends every path the API server answers outside /api to it', () => {
    expect(proxiedInDev('/api/profile')).toBe(true);
    expect(proxiedInDev(credentialPublicPaths.byLink('q3k9x'))).toBe(true);
    expect(proxiedInDev(credentialPublicPaths.didDocument(42))).toBe(true);
    expect(proxiedInDev(credentialPublicPaths.statusList(42))).toBe(true);
    for (const path of ['/in/olena-kovalenko', '/uk/in/olena-kovalenko', '/sitemap.xml', '/sitemaps/2.xml'])
      expect(proxiedInDev(path), path).toBe(true);
    for (const path of [
      '/company/northwind-studio',
      '/uk/company/northwind-studio',
      '/company/acme?utm=x',
      '/company/accessible',
      '/company/ACME',
    ])
      expect(proxiedInDev(path), path).toBe(true);
  });

  it('leaves the site’s own pages to the dev server', () => {
    for (const page of ['/', '/verify', '/uk/verify', '/company-profile', '/companies', '/companies/42', '/careers', '/index', '/uk/'])
      expect(proxiedInDev(page), page).toBe(false);
    // The company host's own pages, which the dev server answers under /company/ (it has no second host).
    for (const page of ['/company/', '/company', '/company/access', '/uk/company/', '/uk/company/access', '/company/access?code=x'])
      expect(proxiedInDev(page), page).toBe(false);
  });

  it('points every key at the API server', () => {
    expect(new Set(Object.values(devProxy('http://localhost:4321')))).toEqual(new Set(['http://localhost:4321']));
  });
});
