// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { carryReturn } from './pending-return.ts';

const origin = 'http://localhost:4321';

describe('the page a visitor was going to, through sign-up', () => {
  it('rides on the sign-up links from the sign-in page', () => {
    document.body.innerHTML = '<a href="/create-account">Person</a><a href="/create-account/company">Company</a>';
    const links = document.querySelectorAll('a');
    carryReturn(links, '?redirect=%2Fcompany-profile%3Fid%3D5', origin);
    expect([...links].map((a) => a.getAttribute('href'))).toEqual([
      '/create-account?redirect=%2Fcompany-profile%3Fid%3D5',
      '/create-account/company?redirect=%2Fcompany-profile%3Fid%3D5',
    ]);
  });

  it('never carries an address off the site, and leaves the links alone without one', () => {
    document.body.innerHTML = '<a href="/create-account">Person</a>';
    const links = document.querySelectorAll('a');
    for (const evil of ['https://evil.test/', '//evil.test/x', '/.%2F%2Fevil.test'])
      carryReturn(links, `?redirect=${encodeURIComponent(evil)}`, origin);
    carryReturn(links, '', origin);
    expect(links[0]!.getAttribute('href')).toBe('/create-account');
  });
});
