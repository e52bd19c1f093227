import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as rooms from '@livesports/contracts/live';
import * as reserve from '@livesports/contracts/live-reserve';
import * as barrage from '@livesports/contracts/chat-barrage';
import * as matchApi from '@livesports/contracts/matches';
import * as liveMatch from '@livesports/contracts/live-match';
import * as api from '@livesports/contracts/replays';
import * as content from '@livesports/contracts/content';
import { replays } from '../src/db/schema/replays.ts';
import { findFfmpeg } from '../src/media/ffmpeg.ts';
import { call, freePort, otherApp } from './helpers.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';
import { feed, footballMatch, ingestMatch, tag } from './matches-helpers.ts';
import { exited, push as pushWith, sleep, until } from './stream-helpers.ts';

// Recording while live, end to end on the server: ffmpeg pushes a test pattern over RTMP, the
// ladder records every level, the broadcast ends and the replay is finalised; then the replay's
// playlists, segments (immutable, ranges), timeline (chat at its second, the linked match's goal),
// viewers' danmaku, hiding, clips (cut by ffmpeg, published as a headline), the grace period for a
// reconnect, recording off, deletion and retention — each with its refusals.

const ffmpeg = await findFfmpeg(undefined);
if (!ffmpeg) console.warn('replays.api.test: SKIPPED — no ffmpeg on PATH (apt-get install ffmpeg)');
/** ffmpeg pushing a 640x360 test pattern with sound over RTMP for `seconds` (stream-helpers.ts). */
const push = (rtmpUrl: string, seconds: number) => pushWith(ffmpeg!, rtmpUrl, seconds);

describe.skipIf(!ffmpeg)('replays: recording, playback data, clips', () => {
  let app: FastifyInstance;
  let base: string;
  let rtmp: string;
  let admin: Awaited<ReturnType<typeof liveUser>>;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  let other: Awaited<ReturnType<typeof approvedAnchor>>;
  let viewer: Awaited<ReturnType<typeof liveUser>>;
  let replayId = 0;
  let chatAt = [0, 0];
  let goalAt = [0, 0];
  /** Seconds between the last look that found the room offline and the first that found it live. */
  let publishWindow = 0;

  const mine = async (who = anchor) =>
    (await call(app, api.getMyReplays, {}, { token: who.token })).data as { list: Array<{ id: number; status: number; duration: number; bytes: number }>; total_bytes: number };
  const fetchText = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  beforeAll(async () => {
    const rtmpPort = await freePort();
    app = await otherApp({ RTMP_PORT: String(rtmpPort), DEMO_STREAMS: 'off', HOST: '127.0.0.1', REPLAY_GRACE_SECONDS: '20' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    admin = await liveUser(app, { admin: true });
    anchor = await approvedAnchor(app, admin);
    other = await approvedAnchor(app, admin);
    viewer = await liveUser(app);
    await until('the ingest', async () => (await call(app, rooms.getMyRoom, {}, { token: anchor.token })).data.ingest);

    // The broadcast covers a match (reserved), which scores while the anchor is live.
    const t = tag();
    const matchId = await ingestMatch(app, footballMatch(t, { kickoff: new Date(Date.now() + 60_000).toISOString() }));
    const r = await call(
      app,
      reserve.setReserveLiveNew,
      { title: 'Derby watch-along', start_time: new Date(Date.now() + 120_000).toISOString(), sport: 1, match_id: matchId },
      { token: anchor.token },
    );
    expect(r.code).toBe(200);

    const encoder = push(`${rtmp}/${anchor.key}`, 12);
    // The replay's second 0 is the publish (its first frames), not the encoder's spawn: on a fresh
    // machine ffmpeg took ~5 s to start and connect. The publish lies between the last look that
    // found the room offline and the first that found it live; times below count from the latter.
    let notLiveAt = Date.now();
    const started = await until('the room to go live', async () => {
      const at = Date.now();
      if ((await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.is_live === 1) return Date.now();
      notLiveAt = at;
      return false;
    });
    publishWindow = (started - notLiveAt) / 1000;
    await sleep(4000);
    // Each moment is known to lie between just before and just after its call.
    chatAt = [(Date.now() - started) / 1000, 0];
    expect((await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'What a save!' }, { token: viewer.token })).code).toBe(200);
    chatAt[1] = (Date.now() - started) / 1000;
    await sleep(2000);
    goalAt = [(Date.now() - started) / 1000, 0];
    expect((await feed(app, matchApi.feedEvents, { match_id: matchId, events: [{ key: `${t}-g1`, kind: 'goal', side: 'home', minute: 12, player: 'Número Nueve' }] })).code).toBe(200);
    goalAt[1] = (Date.now() - started) / 1000;
    await exited(encoder);
    // The anchor ends the broadcast: the replay closes and is finalised.
    await call(app, rooms.endRoom, {}, { token: anchor.token });
    const ready = await until('the replay', async () => (await mine()).list.find((x) => x.status === api.ReplayStatus.READY));
    replayId = ready.id;
  }, 90_000);

  afterAll(async () => {
    await app?.close();
  });

  it('finalises the broadcast into a replay with duration, poster, levels and size', async () => {
    const d = await call(app, api.getReplay, { id: replayId }, { token: viewer.token });
    expect(d.code).toBe(200);
    expect(d.data.duration).toBeGreaterThan(9);
    expect(d.data.duration).toBeLessThan(14);
    expect(d.data.poster).toMatch(/^\/uploads\/replays\/.+\/poster\.jpg$/);
    const poster = await fetch(base + d.data.poster);
    expect(poster.status).toBe(200);
    await poster.arrayBuffer();
    // A 360p push: the original, SD and smooth were made live, so the replay has them too.
    expect(d.data.levels).toEqual(expect.arrayContaining(['original', 'sd', 'smooth']));
    expect(d.data.bytes).toBeGreaterThan(100_000);
    expect(d.data.can_manage).toBe(false);
    const list = await call(app, api.getReplayList, { room_id: anchor.id });
    expect(list.data.list.map((x: { id: number }) => x.id)).toContain(replayId);
    const m = await mine();
    expect(m.total_bytes).toBeGreaterThanOrEqual(d.data.bytes);
  });

  it('serves VOD playlists, and segments with immutable caching and ranges', async () => {
    const master = await fetchText(`/replay/${replayId}/master.m3u8`);
    expect(master.status).toBe(200);
    // A visitor gets SD and below (as live), never the original.
    expect(master.text).toContain('sd.m3u8');
    expect(master.text).not.toContain('original.m3u8');
    const locked = await fetchText(`/replay/${replayId}/original.m3u8`);
    expect(locked.status).toBe(404);
    const level = await fetchText(`/replay/${replayId}/original.m3u8`, { token: viewer.token });
    expect(level.status).toBe(200);
    expect(level.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(level.text).toContain('#EXT-X-ENDLIST');
    const seg = level.text.split('\n').find((l) => l.startsWith('/uploads/'))!;
    const whole = await fetch(base + seg);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Read every body: a segment left unread keeps its connection busy and app.close() waits on it.
    expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(188);
    const part = await fetch(base + seg, { headers: { range: 'bytes=0-187' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(188);
    expect((await fetchText('/replay/abc/master.m3u8')).status).toBe(404);
  });

  it('puts the chat at the second it was sent and marks the goal of the linked match', async () => {
    const tl = await call(app, api.getTimeline, { id: replayId, from: 0 });
    expect(tl.code).toBe(200);
    const line = tl.data.messages.find((m: { text: string }) => m.text === 'What a save!');
    expect(line).toBeTruthy();
    // Second 0 is the publish (at most publishWindow before the room was seen live), or a little after it.
    expect(line.t).toBeLessThan(chatAt[1] + publishWindow + 0.3);
    expect(line.t).toBeGreaterThan(chatAt[0] - 2);
    const d = await call(app, api.getReplay, { id: replayId });
    expect(d.data.match).toBeTruthy();
    const goal = d.data.match.marks.find((x: { kind: string }) => x.kind === 'goal');
    expect(goal.player).toBe('Número Nueve');
    // Both on the same clock: the goal comes as long after the chat line as it did in the broadcast.
    expect(goal.t - line.t).toBeGreaterThan(goalAt[0] - chatAt[1] - 0.3);
    expect(goal.t - line.t).toBeLessThan(goalAt[1] - chatAt[0] + 0.3);
    const bad = await call(app, api.getTimeline, { id: replayId, from: -3 }, { lang: 'en' });
    expect(bad.code).toBe(1);
    expect(bad.msg).toBe('Invalid time in the video');
  });

  it('lets viewers add danmaku pinned to a second of the video', async () => {
    const sent = await call(app, api.sendReplayDanmaku, { id: replayId, t: 3.5, text: 'Rewatching this goal' }, { token: viewer.token });
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({ t: 3.5, text: 'Rewatching this goal', nick: viewer.nickname });
    const tl = await call(app, api.getTimeline, { id: replayId, from: 0 });
    expect(tl.data.danmaku.map((x: { text: string }) => x.text)).toContain('Rewatching this goal');

    const guest = await call(app, api.sendReplayDanmaku, { id: replayId, t: 3, text: 'hi' });
    expect(guest.code).toBe(700);
    const empty = await call(app, api.sendReplayDanmaku, { id: replayId, t: 3, text: '   ' }, { token: viewer.token, lang: 'es' });
    expect(empty.code).toBe(1);
    expect(empty.msg).toBe('Escriba un mensaje');
    const late = await call(app, api.sendReplayDanmaku, { id: replayId, t: 999, text: 'later' }, { token: viewer.token, lang: 'en' });
    expect(late.msg).toBe('That moment is outside the video');
    const long = await call(app, api.sendReplayDanmaku, { id: replayId, t: 1, text: 'x'.repeat(201) }, { token: viewer.token, lang: 'en' });
    expect(long.msg).toBe('A danmaku cannot exceed 200 characters');
  });

  it('hides a replay from everyone but its anchor and administrators', async () => {
    const wrong = await call(app, api.setReplayHidden, { id: replayId, hidden: 1 }, { token: other.token, lang: 'en' });
    expect(wrong.status).toBe(403);
    expect(wrong.msg).toBe('Only the anchor of this room or an administrator can do this');
    expect((await call(app, api.setReplayHidden, { id: replayId, hidden: 1 })).code).toBe(700);
    expect((await call(app, api.setReplayHidden, { id: replayId, hidden: 2 }, { token: anchor.token, lang: 'en' })).msg).toBe('Choose hidden or shown: 0 or 1');
    const hid = await call(app, api.setReplayHidden, { id: replayId, hidden: 1 }, { token: anchor.token });
    expect(hid.data.hidden).toBe(1);
    expect((await call(app, api.getReplay, { id: replayId }, { token: viewer.token })).status).toBe(404);
    expect((await fetchText(`/replay/${replayId}/master.m3u8`)).status).toBe(404);
    expect((await call(app, api.getReplayList, { room_id: anchor.id })).data.list.map((x: { id: number }) => x.id)).not.toContain(replayId);
    expect((await call(app, api.getReplay, { id: replayId }, { token: anchor.token })).data.can_manage).toBe(true);
    expect((await call(app, api.getReplay, { id: replayId }, { token: admin.token })).data.can_manage).toBe(true);
    await call(app, api.setReplayHidden, { id: replayId, hidden: 0 }, { token: admin.token });
    expect((await call(app, api.getReplay, { id: replayId }, { token: viewer.token })).code).toBe(200);
  });

  it('cuts a clip on key frames, serves it as an MP4 and publishes it as a video headline', async () => {
    const badRange = await call(app, api.createClip, { replay_id: replayId, start: 6, end: 4, title: 'Backwards' }, { token: anchor.token, lang: 'en' });
    expect(badRange.msg).toBe('A clip lasts from 1 second to 10 minutes, and its end comes after its start');
    const outside = await call(app, api.createClip, { replay_id: replayId, start: 5, end: 60, title: 'Too far' }, { token: anchor.token, lang: 'zh' });
    expect(outside.msg).toBe('片段必须在回放范围内');
    const noTitle = await call(app, api.createClip, { replay_id: replayId, start: 1, end: 3, title: '' }, { token: anchor.token, lang: 'en' });
    expect(noTitle.msg).toBe('Please give the clip a title');
    expect((await call(app, api.createClip, { replay_id: replayId, start: 1, end: 3, title: 'Mine now' }, { token: viewer.token })).status).toBe(403);
    expect((await call(app, api.createClip, { replay_id: replayId, start: 1, end: 3, title: 'x' })).code).toBe(700);

    const made = await call(app, api.createClip, { replay_id: replayId, start: 2, end: 6, title: 'The save of the night' }, { token: anchor.token });
    expect(made.code).toBe(200);
    expect(made.data.status).toBe(api.ClipStatus.MAKING);
    const clip = await until('the clip', async () => {
      const c = await call(app, api.getClip, { id: made.data.id });
      return c.data.status === api.ClipStatus.READY && c.data;
    });
    expect(clip.duration).toBeGreaterThan(3);
    expect(clip.duration).toBeLessThan(6);
    const mp4 = await fetch(base + clip.url);
    expect(mp4.status).toBe(200);
    const head = Buffer.from(await mp4.arrayBuffer())
      .subarray(4, 8)
      .toString('latin1');
    expect(head).toBe('ftyp');

    expect((await call(app, api.publishClip, { id: clip.id }, { token: viewer.token })).status).toBe(403);
    const pub = await call(app, api.publishClip, { id: clip.id }, { token: anchor.token });
    expect(pub.code).toBe(200);
    expect(pub.data.article_id).toBeGreaterThan(0);
    const article = await call(app, content.articleDetail, { id: pub.data.article_id });
    expect(article.data.video).toBe(clip.url);
    const clips = await call(app, api.getClipList, { replay_id: replayId });
    expect(clips.data.list.map((x: { id: number }) => x.id)).toContain(clip.id);
    expect((await call(app, api.getClip, { id: 99999999 }, { lang: 'en' })).msg).toBe('This clip does not exist or was removed');
  });

  it('keeps a broadcast that drops and comes back within the grace period as one replay', async () => {
    const before = (await mine(other)).list.length;
    let enc = push(`${rtmp}/${other.key}`, 5);
    await exited(enc);
    await sleep(1500);
    enc = push(`${rtmp}/${other.key}`, 5);
    await exited(enc);
    await call(app, rooms.endRoom, {}, { token: other.token });
    const list = await until('the replay of both stretches', async () => {
      const l = (await mine(other)).list;
      return l.length === before + 1 && l[0].status === api.ReplayStatus.READY && l[0].duration > 7 && l;
    });
    const row = (await app.database.db.select().from(replays).where(eq(replays.id, list[0].id)))[0];
    expect(row.parts.length).toBe(2);
    const level = await fetchText(`/replay/${row.id}/sd.m3u8`);
    expect(level.text).toContain('#EXT-X-DISCONTINUITY');
  }, 60_000);

  it("takes the match the anchor linked in the studio (no reservation) as the replay's match", async () => {
    const t = tag();
    const matchId = await ingestMatch(app, footballMatch(t, { kickoff: new Date(Date.now() + 60_000).toISOString() }));
    expect((await call(app, liveMatch.setRoomMatch, { match_id: matchId }, { token: other.token })).code).toBe(200);
    const before = (await mine(other)).list.map((x) => x.id);
    await exited(push(`${rtmp}/${other.key}`, 4));
    await call(app, rooms.endRoom, {}, { token: other.token });
    const fresh = await until('the studio-linked replay', async () => (await mine(other)).list.find((x) => !before.includes(x.id) && x.status === api.ReplayStatus.READY));
    const d = await call(app, api.getReplay, { id: fresh.id });
    expect(d.data.match?.id).toBe(matchId);
    await call(app, liveMatch.setRoomMatch, { match_id: 0 }, { token: other.token });
  }, 60_000);

  it('records nothing when the anchor turns recording off', async () => {
    expect((await call(app, api.setRecording, { record: 3 }, { token: other.token, lang: 'en' })).msg).toBe('Choose whether to record: 0 or 1');
    expect((await call(app, api.setRecording, { record: 0 }, { token: viewer.token })).status).toBe(403);
    const off = await call(app, api.setRecording, { record: 0 }, { token: other.token });
    expect(off.data).toMatchObject({ record: 0, available: true, reason: null, keep_days: 30 });
    const before = (await mine(other)).list.length;
    const enc = push(`${rtmp}/${other.key}`, 5);
    await exited(enc);
    await call(app, rooms.endRoom, {}, { token: other.token });
    await sleep(2000);
    expect((await mine(other)).list.length).toBe(before);
    await call(app, api.setRecording, { record: 1 }, { token: other.token });
  }, 30_000);

  it('tells administrators the storage replays take; others are refused', async () => {
    const t = await call(app, api.replayStorage, {}, { token: admin.token });
    expect(t.data.replays).toBeGreaterThanOrEqual(2);
    expect(t.data.replay_bytes).toBeGreaterThan(0);
    expect(t.data.clip_bytes).toBeGreaterThan(0);
    expect((await call(app, api.replayStorage, {}, { token: anchor.token })).status).toBe(403);
  });

  it('deletes a replay with its segments, and removes old ones after REPLAY_DAYS', async () => {
    const level = await fetchText(`/replay/${replayId}/sd.m3u8`);
    const seg = level.text.split('\n').find((l) => l.startsWith('/uploads/'))!;
    expect((await call(app, api.deleteReplay, { id: replayId }, { token: viewer.token })).status).toBe(403);
    expect((await call(app, api.deleteReplay, { id: 'x' }, { token: anchor.token, lang: 'en' })).msg).toBe('Invalid replay');
    expect((await call(app, api.deleteReplay, { id: replayId }, { token: anchor.token })).code).toBe(200);
    const gone = await fetch(base + seg);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    expect((await call(app, api.getReplay, { id: replayId }, { lang: 'en' })).msg).toBe('This replay does not exist or was removed');

    const old = (await mine(other)).list[0];
    await app.database.db
      .update(replays)
      .set({ endedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(replays.id, old.id));
    expect(await app.replays.service.sweep()).toBeGreaterThanOrEqual(1);
    expect((await mine(other)).list.find((x) => x.id === old.id)).toBeUndefined();
  });
});
