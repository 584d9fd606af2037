// What `npm start` prints (README): the address first, then where each part runs,
// the development defaults in use, and the demo accounts. The process tests start the real server;
// these pin each case of the banner without one.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startupBanner } from './main.ts';

const publishTo = { scheme: 'http', host: '127.0.0.1', port: 6001 } as const;

describe('the start banner', () => {
  it('on the embedded defaults: site, workspace, PGlite, outbox, hub, development keys and the demo accounts', () => {
    const config = loadConfig({});
    const lines = startupBanner(config, {
      database: 'pglite',
      hubRunning: true,
      publishTo: { ...config.realtime.publish, ...publishTo },
      demoCreated: true,
    });
    const text = lines.join('\n');
    expect(lines[1]).toBe('  Profiles is running at http://localhost:4321');
    expect(text).toContain('Company workspace: http://company.localhost:4321');
    expect(text).toContain(`Database: embedded PGlite in ${config.dataDir}/pgdata`);
    expect(text).toContain(`Outbox:   mail and SMS are written to ${config.outboxDir}`);
    expect(text).toContain('Realtime: embedded hub at ws://localhost:6001\n');
    expect(text).toContain('development apps: achievements id');
    expect(text).toContain('development CREDENTIAL_KEY');
    expect(text).toContain('Demo:     demo@profiles.test / Demo-Passw0rd (created now)');
    expect(lines.at(-2)).toBe('  Stop with Ctrl-C.');
  });

  it('on PostgreSQL, SMTP and a shared hub, with the demo account kept', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/profiles', SMTP_URL: 'smtp://mail:25', REDIS_URL: 'redis://cache:6379' });
    const text = startupBanner(config, {
      database: 'postgres',
      hubRunning: true,
      publishTo: { ...config.realtime.publish, ...publishTo },
      demoCreated: false,
    }).join('\n');
    expect(text).toContain('Database: PostgreSQL (DATABASE_URL)');
    expect(text).toContain('Mail:     SMTP (SMTP_URL)');
    expect(text).toContain('Realtime: embedded hub at ws://localhost:6001 (channels shared through REDIS_URL)');
    expect(text).toContain('Demo:     demo@profiles.test / Demo-Passw0rd\n');
  });

  it('says realtime is off when the hub could not take its port', () => {
    const config = loadConfig({});
    const text = startupBanner(config, {
      database: 'pglite',
      hubRunning: false,
      publishTo: config.realtime.publish,
      demoCreated: false,
    }).join('\n');
    expect(text).toContain(`Realtime: off (port ${config.realtime.port} is in use; set REALTIME_PORT)`);
  });
});
