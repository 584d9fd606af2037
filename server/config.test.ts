import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConnectionsPerAddress, loadConfig } from './config.ts';

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

  it('logs requests in production or when LOG_LEVEL asks, as JSON in production and as lines elsewhere', () => {
    const development = loadConfig({});
    expect([development.logLevel, development.logRequests, development.logFormat]).toEqual(['info', false, 'line']);
    const asked = loadConfig({ LOG_LEVEL: 'debug' });
    expect([asked.logLevel, asked.logRequests, asked.logFormat]).toEqual(['debug', true, 'line']);
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...productionApps });
    expect([production.logLevel, production.logRequests, production.logFormat]).toEqual(['info', true, 'json']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(4321);
  });

  const productionApps = {
    PUSHER_ACHIEVEMENTS_APP_ID: '11',
    PUSHER_ACHIEVEMENTS_APP_KEY: 'ach-key',
    PUSHER_ACHIEVEMENTS_APP_SECRET: 'ach-secret',
    PUSHER_JOBS_APP_ID: '12',
    PUSHER_JOBS_APP_KEY: 'jobs-key',
    PUSHER_JOBS_APP_SECRET: 'jobs-secret',
    CREDENTIAL_KEY: 'a-production-credential-key-of-32-characters-or-more',
    TWO_FACTOR_KEY: 'ab'.repeat(32),
  };

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...productionApps }).demo).toBeUndefined();
  });

  it("refuses the test runs' password hashing cost in production (decision 229)", () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', PASSWORD_HASH_COST: 'test', ...productionApps }),
    ).toThrow(/PASSWORD_HASH_COST: test is refused in production/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test' })).not.toThrow();
  });

  it("reads the domain checks' resolvers, time limit and test port, and refuses the test port in production (decision 248)", () => {
    expect(loadConfig({}).domainChecks).toEqual({ dnsServers: [], timeoutMs: 5000, testPort: undefined, siteUrl: 'http://localhost:4321' });
    const set = loadConfig({
      DNS_SERVERS: '9.9.9.9,127.0.0.1:5353,[::1]:53,::1',
      DOMAIN_CHECK_TIMEOUT_SECONDS: '2',
      DOMAIN_CHECK_TEST_PORT: '8080',
    });
    expect(set.domainChecks).toEqual({
      dnsServers: ['9.9.9.9', '127.0.0.1:5353', '[::1]:53', '::1'],
      timeoutMs: 2000,
      testPort: 8080,
      siteUrl: 'http://localhost:4321',
    });
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example' })).toThrow(/DNS_SERVERS/);
    expect(() => loadConfig({ DNS_SERVERS: '1.2.3.4:99999' })).toThrow(/DNS_SERVERS/);
    expect(() => loadConfig({ DOMAIN_CHECK_TIMEOUT_SECONDS: '60' })).toThrow(/DOMAIN_CHECK_TIMEOUT_SECONDS/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_SITE_URL: 'https://profiles.example',
        DOMAIN_CHECK_TEST_PORT: '8080',
        ...productionApps,
      }),
    ).toThrow(/DOMAIN_CHECK_TEST_PORT: refused in production/);
  });

  it('uses the development realtime apps and the embedded hub on port 6001 by default', () => {
    const { realtime } = loadConfig({});
    expect(realtime.usingDefaultApps).toBe(true);
    expect(realtime.embedded).toBe(true);
    expect(realtime.port).toBe(6001);
    expect(realtime.publish).toEqual({ host: 'localhost', port: 6001, scheme: 'http' });
    expect(realtime.apps.achievements.key).not.toBe(realtime.apps.jobs.key);
  });

  it('refuses to start in production without the two-step key, and takes only 32 bytes as hex (decision 180)', () => {
    const { TWO_FACTOR_KEY: _key, ...withoutKey } = productionApps;
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...withoutKey })).toThrow(
      /TWO_FACTOR_KEY: required in production/,
    );
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'short' })).toThrow(/TWO_FACTOR_KEY: must be 64 hex digits/);
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...productionApps });
    expect([production.twoFactorKey.length, production.usingDevelopmentTwoFactorKey]).toEqual([32, false]);
    expect(loadConfig({}).usingDevelopmentTwoFactorKey).toBe(true);
    // Retired keys (decision 228): none by default; each 64 hex digits, comma-separated, newest first.
    expect(loadConfig({}).retiredTwoFactorKeys).toEqual([]);
    const retired = loadConfig({ TWO_FACTOR_KEYS_RETIRED: `${'aa'.repeat(32)},${'bb'.repeat(32)}` }).retiredTwoFactorKeys;
    expect(retired.map((key) => key.toString('hex'))).toEqual(['aa'.repeat(32), 'bb'.repeat(32)]);
    for (const bad of ['short', `${'aa'.repeat(32)}, ${'bb'.repeat(32)}`, `${'aa'.repeat(32)},`]) {
      expect(() => loadConfig({ TWO_FACTOR_KEYS_RETIRED: bad })).toThrow(/TWO_FACTOR_KEYS_RETIRED: must be 64 hex digits a key/);
    }
  });

  it('refuses to start in production without the realtime apps, naming each variable', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', PUSHER_JOBS_APP_ID: '12' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PUSHER_ACHIEVEMENTS_APP_SECRET: required in production/);
    expect(attempt).toThrow(/PUSHER_JOBS_APP_KEY: required in production/);
    expect(attempt).not.toThrow(/PUSHER_JOBS_APP_ID/);
  });

  it('refuses to start in production without CREDENTIAL_KEY, and prints a development default elsewhere (decision 190)', () => {
    const { CREDENTIAL_KEY: _key, ...withoutKey } = productionApps;
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...withoutKey })).toThrow(
      /CREDENTIAL_KEY: required in production/,
    );
    expect(() => loadConfig({ CREDENTIAL_KEY: 'short' })).toThrow(/CREDENTIAL_KEY/);
    const development = loadConfig({});
    expect([development.usingDefaultCredentialKey, development.credentialKey.length >= 32]).toEqual([true, true]);
    const given = loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://profiles.example', ...productionApps });
    expect([given.usingDefaultCredentialKey, given.credentialKey]).toEqual([false, productionApps.CREDENTIAL_KEY]);
  });

  it('publishes to PUSHER_HOST and runs no embedded hub when it is set', () => {
    const { realtime } = loadConfig({ ...productionApps, PUSHER_HOST: 'soketi.internal', PUSHER_PORT: '6001' });
    expect(realtime.embedded).toBe(false);
    expect(realtime.usingDefaultApps).toBe(false);
    expect(realtime.publish).toEqual({ host: 'soketi.internal', port: 6001, scheme: 'http' });
    expect(realtime.apps.jobs).toEqual({ name: 'jobs', id: '12', key: 'jobs-key', secret: 'jobs-secret' });
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
    expect(config.allowedOrigins).toEqual([
      'https://profiles.example',
      'https://company.profiles.example',
      'https://a.example',
      'https://b.example',
    ]);
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: must be an smtp/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['DEMO_EMAIL', 'not-an-email', /DEMO_EMAIL/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY/],
    ['REALTIME_PORT', 'x', /REALTIME_PORT/],
    ['PUSHER_HOST', 'http://soketi/', /PUSHER_HOST: must be a host name/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL: must be a redis/],
  ])('fails naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
  it('reads from DATABASE_READ_URL only beside DATABASE_URL, with a lag bound of 5 s by default (decision 254)', () => {
    const primary = 'postgres://app@db-1/profiles';
    expect(loadConfig({})).toMatchObject({ databaseReadUrl: undefined, replicaMaxLagMs: 5000 });
    const both = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgresql://app@db-2/profiles',
      DATABASE_READ_MAX_LAG_SECONDS: '0.5',
    });
    expect(both).toMatchObject({ databaseUrl: primary, databaseReadUrl: 'postgresql://app@db-2/profiles', replicaMaxLagMs: 500 });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://app@db-2/profiles' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL \(the embedded PGlite has no replica/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://x' })).toThrow(/DATABASE_READ_URL: must be a postgres/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_SECONDS: '0' })).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
  });
  it('keeps uploads in DATA_DIR/uploads unless S3_BUCKET names a bucket (decision 195)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = loadConfig({
      S3_BUCKET: 'profiles-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'uploads/',
    }).s3;
    expect(s3).toEqual({
      bucket: 'profiles-uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'uploads/',
    });
    // AWS itself: no endpoint, the SDK's own credentials chain, virtual-hosted addressing.
    expect(loadConfig({ S3_BUCKET: 'profiles-uploads', S3_REGION: 'eu-west-2' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-2',
      accessKeyId: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('takes a metrics token of 16 characters or more, and a shutdown timeout (decision 196)', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownTimeoutMs: 25_000 });
    expect(loadConfig({ METRICS_TOKEN: 'a-scraper-token-16', SHUTDOWN_TIMEOUT_SECONDS: '40' })).toMatchObject({
      metricsToken: 'a-scraper-token-16',
      shutdownTimeoutMs: 40_000,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow('SHUTDOWN_TIMEOUT_SECONDS');
  });

  it('cuts slow connections at 30 s headers, 30 s of silence and an hour a request, and caps each address unless a proxy is trusted (decision 231)', () => {
    expect(loadConfig({}).connections).toEqual({
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
      requestTimeoutMs: 3_600_000,
      perAddress: defaultConnectionsPerAddress,
      minBodyBytesPerWindow: 8192,
      total: 10_000,
    });
    expect(loadConfig({ BODY_MIN_BYTES_PER_WINDOW: '0', MAX_CONNECTIONS: '500' }).connections).toMatchObject({
      minBodyBytesPerWindow: 0,
      total: 500,
    });
    expect(() => loadConfig({ BODY_MIN_BYTES_PER_WINDOW: '-1' })).toThrow('BODY_MIN_BYTES_PER_WINDOW');
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow('MAX_CONNECTIONS');
    expect(loadConfig({ TRUST_PROXY: 'true' }).connections.perAddress).toBe(0);
    // TRUST_PROXY counts the proxies in front: the client's address is that many X-Forwarded-For entries from the right.
    expect(
      [undefined, 'false', '0', 'true', '1', '2'].map((value) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).proxyHops),
    ).toEqual([0, 0, 0, 1, 1, 2]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '40' }).connections.perAddress).toBe(40);
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '2', BODY_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3' }).connections).toMatchObject(
      {
        headersTimeoutMs: 2_000,
        idleTimeoutMs: 1_000,
        requestTimeoutMs: 3_000,
      },
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow('HEADERS_TIMEOUT_SECONDS');
    expect(() => loadConfig({ BODY_TIMEOUT_SECONDS: '0' })).toThrow('BODY_TIMEOUT_SECONDS');
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow('MAX_CONNECTIONS_PER_ADDRESS');
  });

  it.each([
    [{ S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'profiles', S3_ENDPOINT: 'ftp://store' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'profiles', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'profiles', S3_PREFIX: 'uploads' }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'profiles', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT: needs S3_BUCKET'],
  ])('refuses a bad S3 setting %o, naming %s', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });
});
