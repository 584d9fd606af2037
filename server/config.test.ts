import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toEqual({ email: 'demo@profiles.test', password: 'Demo-Passw0rd' });
    expect(config.allowedOrigins).toContain('http://localhost:4321');
    expect(config.sessionTtlMs).toBe(365 * 24 * 60 * 60 * 1000);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(4321);
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example' }).demo).toBeUndefined();
  });

  it('takes the demo account from DEMO_EMAIL and DEMO_PASSWORD', () => {
    expect(loadConfig({ DEMO_EMAIL: 'Me@Example.test', DEMO_PASSWORD: 'Another-Passw0rd' }).demo).toEqual({
      email: 'me@example.test',
      password: 'Another-Passw0rd',
    });
  });

  it('adds ALLOWED_ORIGINS, the company host (SPEC §7) and uses PUBLIC_SITE_URL as the site origin', () => {
    const config = loadConfig({ PUBLIC_SITE_URL: 'https://profiles.example/', ALLOWED_ORIGINS: 'https://a.example, https://b.example/' });
    expect(config.publicSiteUrl).toBe('https://profiles.example');
    expect(config.allowedOrigins).toEqual(['https://profiles.example', 'https://company.profiles.example', 'https://a.example', 'https://b.example']);
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: must be an smtp/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['DEMO_EMAIL', 'not-an-email', /DEMO_EMAIL/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY/],
  ])('fails naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
