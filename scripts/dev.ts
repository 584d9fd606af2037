// `npm run dev`: the Astro dev server (hot reload, port 4322, /api proxied) and the API server
// restarted on change (node --watch, port 4321). Open the URL Astro prints.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env['PORT'] ?? '4321';
const env = {
  ...process.env,
  PORT: apiPort,
  ASTRO_TELEMETRY_DISABLED: '1',
  // The dev site runs on another port; its requests reach the API through Vite's proxy with their Origin.
  ALLOWED_ORIGINS: [process.env['ALLOWED_ORIGINS'], 'http://localhost:4322', 'http://127.0.0.1:4322'].filter(Boolean).join(','),
};

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'dev'], { cwd: root, env, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exitCode = code;
    }
  });
