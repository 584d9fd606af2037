// Domain names and addresses as the company domain checks take them (decision 248).
import { describe, expect, it } from 'vitest';
import { addressAllowed } from './addresses.ts';
import { parentDomainsOf, parseDomainName } from './names.ts';

describe('parseDomainName', () => {
  it('keeps a name in punycode, lower case, without the trailing dot', () => {
    expect(parseDomainName(' Northwind.Example. ')).toEqual({ ok: true, domain: 'northwind.example', display: 'northwind.example' });
    expect(parseDomainName('приклад.укр')).toEqual({ ok: true, domain: 'xn--80aikifvh.xn--j1amh', display: 'приклад.укр' });
    expect(parseDomainName('xn--80aikifvh.xn--j1amh')).toMatchObject({ ok: true, display: 'приклад.укр' });
  });

  it('refuses IP addresses, public suffixes and what is not a host name', () => {
    for (const ip of ['10.0.0.1', '[::1]', 'fe80::1', '127.1', '0x7f.1'])
      expect(parseDomainName(ip), ip).toMatchObject({ ok: false, problem: ip === '0x7f.1' ? 'invalid' : 'ip_address' });
    for (const suffix of ['com', 'co.uk', 'github.io', 'blogspot.com', 'xn--j1amh']) {
      expect(parseDomainName(suffix), suffix).toMatchObject({ ok: false });
    }
    for (const suffix of ['co.uk', 'github.io', 'blogspot.com'])
      expect(parseDomainName(suffix)).toEqual({ ok: false, problem: 'public_suffix' });
    for (const bad of [
      'http://a.example',
      'a.example/x',
      'user@a.example',
      'a b.example',
      'a_b.example',
      `${'a'.repeat(250)}.example`,
      '',
    ]) {
      expect(parseDomainName(bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
  });
});

describe('parentDomainsOf', () => {
  it('lists the names above, down to the registrable domain', () => {
    expect(parentDomainsOf('a.b.northwind.co.uk')).toEqual(['b.northwind.co.uk', 'northwind.co.uk']);
    expect(parentDomainsOf('northwind.co.uk')).toEqual([]);
    expect(parentDomainsOf('shop.northwind.github.io')).toEqual(['northwind.github.io']);
  });
});

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped addresses; allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'not an address',
    ]) {
      expect(addressAllowed(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(addressAllowed(address), address).toBe(true);
  });

  it('lets loopback through only with the test setting, and nothing else private', () => {
    expect(addressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('::1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(addressAllowed('169.254.169.254', { allowLoopback: true })).toBe(false);
  });
});
