import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createAccountRepo } from '../../apps/server/src/modules/account/repo.ts';
import { createRoomRepo } from '../../apps/server/src/modules/live/room.repo.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { allTakeConnections } from '../../apps/server/test/socket-holders.ts';
import { signInContext } from '../support/session.ts';
import { expect, test, type Page } from '../support/test';

// A browser sits in a chat room and on a match's score page while the socket process that holds
// its connections is killed. The site runs as `npm start` runs it on two cores (WORKERS=2: a
// primary that owns the embedded database and two socket processes on one port), started here on a
// free port of its own (the shared e2e server has one process). Both socket processes are killed, one
// after the other (the browser's sockets are on one of them, or on both): every time, the page
// reconnects to the living one, the chat resumes after the last message it had (no gap, no repeat,
// in order) and the score page's snapshot brings the goals scored while it was away.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let origin: string;
const FEED_TOKEN = 'e2e-cluster-feed-token';
let server: ChildProcess;
let dataDir: string;
let room: number;
let memberToken: string;

/** The primary's socket processes (Linux lists a process's children). */
const workers = () => fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** Both socket processes are up and take connections (probe connections land on each). */
const bothAccepting = async () => {
  const now = workers();
  return now.length === 2 && allTakeConnections(now, Number(new URL(origin).port));
};

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await Promise.resolve(fn()).catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function feed(p: string, body: unknown) {
  const post = () => fetch(`${origin}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${FEED_TOKEN}` }, body: JSON.stringify(body) });
  // A post that lands on the process being killed is cut (ECONNRESET): a provider sends it again,
  // which is safe, as events and matches are keyed.
  const res = await post().catch(post);
  const json = (await res.json()) as { code: number; msg: string; data: any };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

/**
 * Kills one socket process and waits until its replacement takes connections (before the next kill:
 * with none taking them the site would be down, which is not what this journey is about). About 3 s
 * on a quiet machine; seen at 73 s with three other test runs on the two cores.
 */
async function kill(pid: number) {
  process.kill(pid, 'SIGKILL');
  await until('the primary to restart the killed socket process', async () => !workers().includes(pid) && (await bothAccepting()), 180_000);
}

/** How many WebSockets the page has opened on a path (wrapped before the app loads). */
const opened = (page: Page, p: string) => page.evaluate((q) => (window as unknown as { __wsOpened: string[] }).__wsOpened.filter((u) => new URL(u).pathname === q).length, p);

test.describe('WORKERS=2: a socket process dies under a browser', () => {
  // Opt-in (E2E_CLUSTER=1): a second site of three processes beside the journeys' server takes
  // minutes on this 2-core machine, so CI does not carry it yet.
  test.skip(!process.env.E2E_CLUSTER, 'set E2E_CLUSTER=1 to run the cluster kill journey');
  test.beforeAll(async () => {
    // A first start migrates a fresh embedded database in three processes: minutes on a busy machine.
    test.setTimeout(900_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-e2e-cluster-'));
    const database = await openDatabase({ dataDir });
    const repo = createAccountRepo(database.db);
    const n = Date.now().toString(36);
    room = (await repo.createUser({ email: `ck.a.${n}@example.com`, passwordHash: null, nickname: `Kill Room ${n}`.slice(0, 20), inviteCode: `CKA${n}`.toUpperCase(), isAnchor: 1 })).id;
    await createRoomRepo(database.db).insert({ id: room, title: `Kill room ${n}`, type: 1, streamKey: randomToken(18) });
    const member = await repo.createUser({ email: `ck.m.${n}@example.com`, passwordHash: null, nickname: `Kill Fan ${n}`.slice(0, 20), inviteCode: `CKM${n}`.toUpperCase() });
    memberToken = randomToken(32);
    await repo.createSession({ userId: member.id, tokenHash: sha256(memberToken), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
    await database.close();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_DATA: 'off',
        DEMO_STREAMS: 'off',
        MATCH_REPLAY_SPEED: '0',
        RTMP_PORT: '0',
        FEED_TOKEN,
        RATE_LIMIT_SCALE: '40',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await until('two socket processes', async () => (await bothAccepting()) && (await fetch(`${origin}/healthz`)).ok, 840_000);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the chat continues without a gap and the score stays true', async ({ browser }) => {
    // An upper bound for a crowded machine: three first page loads and two restarts (see kill()).
    test.setTimeout(600_000);
    const t = `ck${Date.now().toString(36)}`;
    const [matchId] = (
      await feed('api/feed/matches', {
        matches: [
          {
            key: `${t}-match`,
            sport: 'football',
            competition: { key: `${t}-cup`, name: { en: `Cup ${t}` }, priority: 0 },
            home: { key: `${t}-h`, name: { en: `Harbour ${t}` } },
            away: { key: `${t}-a`, name: { en: `Valley ${t}` } },
            kickoff: new Date(Date.now() - 20 * 60_000).toISOString(),
            status: 2,
            match_str: "20'",
          },
        ],
      })
    ).ids as number[];

    const member = await browser.newContext({ baseURL: origin });
    await signInContext(member, origin, memberToken);
    const guest = await browser.newContext({ baseURL: origin });
    await guest.addInitScript(() => {
      const w = window as unknown as { __wsOpened: string[]; WebSocket: typeof WebSocket };
      w.__wsOpened = [];
      const Native = w.WebSocket;
      w.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          w.__wsOpened.push(String(url));
        }
      };
    });
    const writer = await member.newPage();
    const viewer = await guest.newPage();
    const scores = await guest.newPage();
    await writer.goto(`/live?id=${room}`);
    await viewer.goto(`/live?id=${room}`);
    await scores.goto(`/score-live?id=${matchId}`);
    const chat = viewer.getByTestId('chat-panel');
    // Three first loads beside a three-process site: generous on a busy 2-core machine (seen: 50 s).
    await expect(chat).toHaveAttribute('data-status', 'online', { timeout: 90_000 });
    await expect(scores.getByTestId('detail-score')).toHaveText(/0\s*-\s*0/, { timeout: 60_000 });

    const said: string[] = [];
    let lastSent = 0;
    async function say(text: string) {
      // A fan may send one message a second (the flood gate answers "sending too fast" and keeps
      // the text in the field): on a fast machine a kill and a goal take less than that.
      await writer.waitForTimeout(Math.max(0, lastSent + 1_200 - Date.now()));
      const panel = writer.getByTestId('chat-panel');
      await expect(panel).toHaveAttribute('data-status', 'online', { timeout: 60_000 });
      const input = panel.getByTestId('chat-input');
      await input.fill(text);
      await input.press('Enter');
      lastSent = Date.now();
      await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1, { timeout: 20_000 });
      said.push(text);
    }
    let goals = 0;
    const goal = async () => feed('api/feed/events', { match_id: matchId, events: [{ key: `${t}-g${++goals}`, kind: 'goal', side: 'home', minute: 20 + goals, player: 'Nova Striker' }] });

    await say(`${t} before`);
    await expect(chat.getByTestId('chat-message').filter({ hasText: `${t} before` })).toHaveCount(1);
    const chatOpens = await opened(viewer, '/ws/im');
    const scoreOpens = await opened(scores, '/ws/score');

    // Both socket processes die in turn; goals and messages arrive while the pages are reconnecting.
    for (const [i, pid] of workers().entries()) {
      await Promise.all([kill(pid), goal()]);
      await say(`${t} after kill ${i + 1} a`);
      await goal();
      await say(`${t} after kill ${i + 1} b`);
    }

    // The viewer's chat and score sockets were cut and opened again on a living process.
    expect(await opened(viewer, '/ws/im')).toBeGreaterThan(chatOpens);
    expect(await opened(scores, '/ws/score')).toBeGreaterThan(scoreOpens);
    await expect(chat).toHaveAttribute('data-status', 'online');
    // Every message once, in order, with consecutive sequences (the room has only these).
    const last = said.at(-1)!;
    await expect(chat.getByTestId('chat-message').filter({ hasText: last })).toHaveCount(1, { timeout: 20_000 });
    const rows = chat.getByTestId('chat-message').filter({ hasText: t });
    await expect(rows).toHaveCount(said.length);
    const seen = await rows.evaluateAll((els) => els.map((e) => ({ seq: Number(e.getAttribute('data-seq')), text: e.textContent ?? '' })));
    expect(seen.map((r) => said.find((s) => r.text.includes(s)))).toEqual(said);
    expect(seen.map((r) => r.seq - seen[0].seq)).toEqual(said.map((_, i) => i));
    // The score is what the feed says: every goal scored while the page was away is on it.
    await expect(scores.getByTestId('detail-score')).toHaveText(new RegExp(`${goals}\\s*-\\s*0`));

    await viewer.screenshot({ path: `${process.env.E2E_OUTPUT ?? '../test-results'}/cluster-kill-chat.png` });
    await scores.screenshot({ path: `${process.env.E2E_OUTPUT ?? '../test-results'}/cluster-kill-score.png` });
    await member.close();
    await guest.close();
  });
});
