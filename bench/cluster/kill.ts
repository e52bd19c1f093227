// The kill test of the cluster bench: the site as `npm start` runs it (WORKERS processes), chat
// viewers and score viewers that reconnect like the web app (load.ts), members chatting and goals
// coming in over the match feed; a third of the way in one socket process is killed (SIGKILL).
// Printed: how many viewers were cut, reconnect p50/p99/max (drop → joined again / snapshot), how
// the reconnect attempts spread (the busiest 100 ms), chat messages lost (accepted, never received
// by a viewer that was in the room), goal events lost (a goal a score viewer never learnt of,
// neither as a goal frame nor from a later snapshot), and how long the primary took to restart the
// dead process.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, childrenOf, fmt, percentile, sleep, start, stop } from './common.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROCESSES = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const CHAT = Number(process.env.BENCH_KILL_CHAT ?? 2000);
const SCORE = Number(process.env.BENCH_KILL_SCORE ?? 2000);
const RATE = Number(process.env.BENCH_KILL_RATE ?? 50);
const MEMBERS = Math.max(2, Math.ceil(RATE * 2));
const SECONDS = Number(process.env.BENCH_KILL_SECONDS ?? 24);
const LOADERS = 2;

export async function killTest() {
  if (PROCESSES < 2) throw new Error('the kill test needs BENCH_WORKERS ≥ 2');
  console.log(
    `\n# A socket process dies: site with ${PROCESSES} processes (embedded database in the primary, IPC bus), ${fmt(CHAT)} chat viewers + ${fmt(SCORE)} score viewers over ${LOADERS} load processes, ${RATE} messages/s from ${MEMBERS} members and a goal a second for ${SECONDS} s; one socket process is killed (SIGKILL) after ${Math.round(SECONDS / 3)} s`,
  );
  const loadBefore = os.loadavg()[0];
  const site = await start(path.join(here, 'site.ts'), [String(PROCESSES), String(MEMBERS)]);
  const { port, groupId, tokens, primaryPid, feedToken } = site.msg as { port: number; groupId: number; tokens: string[]; primaryPid: number; feedToken: string };
  const origin = `http://127.0.0.1:${port}`;
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${origin}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${feedToken}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: any };
    if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
    return json.data;
  };
  const key = `bench-kill-${Date.now()}`;
  const [matchId] = (
    await post('api/feed/matches', {
      matches: [
        {
          key,
          sport: 'football',
          competition: { key: 'bench-kill', name: { en: 'Bench League' }, priority: 1 },
          home: { key: 'bench-kh', name: { en: 'Bench Home' } },
          away: { key: 'bench-ka', name: { en: 'Bench Away' } },
          kickoff: new Date(Date.now() - 30 * 60_000).toISOString(),
          status: 2,
          match_str: "30'",
        },
      ],
    })
  ).ids as number[];

  const loaders = await Promise.all(Array.from({ length: LOADERS }, () => start(path.join(here, 'load.ts'))));
  const t0 = Date.now();
  const share = (n: number, i: number) => Math.floor(n / LOADERS) + (i < n % LOADERS ? 1 : 0);
  const ready = await Promise.all(
    loaders.map(({ child }, i) => ask(child, { setup: { origin, groupId, matchId, chat: share(CHAT, i), score: share(SCORE, i), tokens: tokens.filter((_, j) => j % LOADERS === i) } })),
  );
  console.log(`  ${fmt(ready.reduce((n, r) => n + r.ready, 0))} sockets in the room and registered in ${fmt((Date.now() - t0) / 1000, 1)} s`);

  for (const { child } of loaders) child.send({ go: { rate: RATE / LOADERS } });
  let goals = 0;
  /** When each goal was posted (by the home score it makes). */
  const postedAt: number[] = [];
  const before = childrenOf(primaryPid);
  let killedAt = 0;
  let victim = 0;
  let restartedMs = NaN;
  const end = Date.now() + SECONDS * 1000;
  for (let tick = 0; Date.now() < end; tick++) {
    goals++;
    postedAt[goals] = Date.now();
    await post('api/feed/events', { match_id: matchId, events: [{ key: `${key}-g${goals}`, kind: 'goal', side: 'home', minute: 30 + goals, score: [goals, 0] }] });
    if (!killedAt && Date.now() > end - ((SECONDS * 2) / 3) * 1000) {
      victim = before[0];
      process.kill(victim, 'SIGKILL');
      killedAt = Date.now();
    }
    if (killedAt && Number.isNaN(restartedMs)) {
      const now = childrenOf(primaryPid);
      if (now.length === before.length && !now.includes(victim)) restartedMs = Date.now() - killedAt;
    }
    await sleep(1000);
  }
  const stopped = await Promise.all(loaders.map(({ child }) => ask(child, { stop: true })));
  const seqs = stopped.flatMap((s) => s.acked as number[]).sort((a, b) => a - b);
  const maxSeq = seqs.at(-1) ?? 0;
  const drainFrom = Date.now();
  while (Date.now() - drainFrom < 20_000) {
    const behind = (await Promise.all(loaders.map(({ child }) => ask(child, { progress: { maxSeq, goals } })))).reduce((n, r) => n + r.behind, 0);
    if (behind === 0) break;
    await sleep(200);
  }
  await sleep(300);
  const reports = await Promise.all(loaders.map(({ child }) => ask(child, { report: { seqs, goals, killedAt, postedAt } })));
  for (const { child } of loaders) child.send({ close: true });
  while (Number.isNaN(restartedMs) && Date.now() - killedAt < 60_000) {
    const now = childrenOf(primaryPid);
    if (now.length === before.length && !now.includes(victim)) restartedMs = Date.now() - killedAt;
    else await sleep(100);
  }
  await stop(site.child);

  const sum = (k: string) => reports.reduce((n, r) => n + (r[k] as number), 0);
  const chatBack = reports.flatMap((r) => r.chatReconnects as number[]).sort((a, b) => a - b);
  const scoreBack = reports.flatMap((r) => r.scoreReconnects as number[]).sort((a, b) => a - b);
  const attempts = reports.flatMap((r) => r.attempts as number[]).sort((a, b) => a - b);
  // The busiest 100 ms of reconnect attempts: a herd puts them all in one.
  let busiest = 0;
  for (let i = 0, j = 0; i < attempts.length; i++) {
    while (attempts[i] - attempts[j] >= 100) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  console.log('| sockets | cut by the kill | back p50 ms | back p99 ms | back max ms | still down | lost | duplicated |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| chat (/ws/im, resume by sequence) | ${fmt(chatBack.length)} of ${fmt(CHAT + MEMBERS)} | ${fmt(percentile(chatBack, 50))} | ${fmt(percentile(chatBack, 99))} | ${fmt(chatBack.at(-1) ?? NaN)} | ${fmt(reports.reduce((n, r) => n + r.stillDown, 0))} | ${fmt(sum('lostChat'))} messages (${fmt(sum('viewersLosing'))} viewers) of ${fmt(seqs.length)} accepted | ${fmt(sum('duplicated'))} |`,
  );
  console.log(
    `| score (/ws/score, snapshot on register) | ${fmt(scoreBack.length)} of ${fmt(SCORE)} | ${fmt(percentile(scoreBack, 50))} | ${fmt(percentile(scoreBack, 99))} | ${fmt(scoreBack.at(-1) ?? NaN)} |  | ${fmt(sum('lostGoals'))} goal events (${fmt(sum('viewersMissingGoals'))} viewers) of ${goals} | – |`,
  );
  // The viewers the kill did not cut, before it and while the others reconnect to the same processes.
  const calm = (kind: 'chat' | 'goals', p: 'before' | 'storm') => reports.flatMap((r) => r.calm[kind][p] as number[]).sort((a, b) => a - b);
  console.log('\n| viewers the kill did not cut | before the kill: p50 ms | p99 ms | samples | 10 s after the kill: p50 ms | p99 ms | samples |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, kind] of [
    ['chat message, sent → received', 'chat'],
    ['goal, posted to the feed → frame', 'goals'],
  ] as const) {
    const [b, s] = [calm(kind, 'before'), calm(kind, 'storm')];
    console.log(`| ${name} | ${fmt(percentile(b, 50))} | ${fmt(percentile(b, 99))} | ${fmt(b.length)} | ${fmt(percentile(s, 50))} | ${fmt(percentile(s, 99))} | ${fmt(s.length)} |`);
  }
  console.log(
    `Reconnect attempts spread over ${fmt(attempts.length ? attempts.at(-1)! - attempts[0] : 0)} ms after the kill, at most ${fmt(busiest)} in any 100 ms (of ${fmt(attempts.length)}): the web app's backoff with jitter (first retry 0.5–1 s).`,
  );
  console.log(
    `The primary started a new socket process ${fmt(restartedMs)} ms after the kill. Load average (1 min) ${fmt(loadBefore, 1)} at the start, ${fmt(os.loadavg()[0], 1)} at the end, on ${os.availableParallelism()} cores.`,
  );
  console.log(
    'Back: from the drop to joined again (chat) / to the snapshot with the match (score). Lost chat: accepted messages after a viewer’s first join that it never received, 20 s after the last send.',
  );
}
