import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { E2E_PORT } from '../playwright.config.ts';

/** The administrator the e2e server creates at start. */
export const E2E_ADMIN = { email: 'admin@e2e.livesports.test', password: 'admin123' };
/** The match-feed token the e2e server takes (api/feed/*). */
export const E2E_FEED_TOKEN = 'e2e-feed-token-0123456789';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts a real SMTP server that appends every mail to a file (tests read codes from it, as a
 * user reads their inbox), then the site itself on E2E_PORT with a fresh data dir, mailing
 * through that SMTP server. Returns the teardown.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-e2e-'));
  const mailbox = path.join(dir, 'mailbox.jsonl');
  fs.writeFileSync(mailbox, '');
  process.env.E2E_MAILBOX = mailbox;
  // The site's RTMP ingest (live streaming tests push to it); off the default 1935 so a running `npm start` does not collide.
  process.env.E2E_RTMP_PORT ??= String(E2E_PORT + 1836);

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        fs.appendFileSync(mailbox, JSON.stringify({ to, raw }) + '\n');
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  // A server left on the port (an interrupted run) would answer the health check below and be tested
  // in place of ours, with another mailbox: refuse to start instead.
  const stale = await fetch(`http://127.0.0.1:${E2E_PORT}/healthz`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${E2E_PORT} is already taken (a server left running?): set E2E_PORT or stop it`);

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // One process, whatever the shell says (cluster-kill.spec.ts starts a WORKERS=2 site of its own).
      WORKERS: '1',
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAPTCHA: 'on',
      // argon2id at 1 MiB and one pass (the same code path; journeys sign up many users).
      PASSWORD_HASH_COST: 'test',
      // Every journey registers its users from 127.0.0.1; the per-IP limits stay on, only wider.
      RATE_LIMIT_SCALE: '40',
      // An administrator for journeys that need one (approving anchors, reviewing withdrawals).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Errors only: under a full run's load the slow-query warnings filled CI's log and pushed the
      // failing test's name out of its tail.
      LOG_LEVEL: 'error',
      RTMP_PORT: process.env.E2E_RTMP_PORT,
      DEMO_STREAMS: 'off',
      // Journeys push match events (a goal during a broadcast) through the provider ingest.
      FEED_TOKEN: E2E_FEED_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/healthz`);
      // Up and with its demo data in (seeding runs after the server starts listening).
      if (res.ok && (await res.json()).seeded) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      // Not left running: the next run would find the port taken and test this stale server.
      server.kill('SIGKILL');
      throw new Error('server did not start within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
