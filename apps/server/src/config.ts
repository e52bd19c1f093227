import path from 'node:path';
import { z } from 'zod';
import { PAYMENT_CURRENCIES } from '@livesports/contracts/economy';

// Every setting, read once from the environment. Each has an embedded default so that
// `npm start` on a fresh clone needs no configuration at all.
const bool = (def: boolean) => z.preprocess((v) => (v === undefined || v === '' ? def : ['1', 'on', 'true', 'yes'].includes(String(v).toLowerCase())), z.boolean());
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to use a PostgreSQL server; unset = embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: optional,
  /** redis://… for fan-out between processes and shared rate limits; unset = in-process bus. */
  REDIS_URL: optional,
  /**
   * Put before every Redis key and channel this site uses, so several sites (a staging beside the
   * live one, or two test runs) can share one Redis without hearing each other's chat and scores.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{0,64}$/, 'REDIS_PREFIX: letters, digits and : . _ - only')
    .default(''),
  /** smtp://user:pass@host:port (smtps:// for TLS); unset = outbox table + log. */
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Live Sports <no-reply@localhost>'),
  /** on | off. Off is for operators who front the site with their own bot protection. */
  CAPTCHA: z.preprocess((v) => (v ?? 'on').toString().toLowerCase(), z.enum(['on', 'off'])).default('on'),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  /** The address users reach the site at; used in mails and OAuth redirects. */
  PUBLIC_URL: optional,
  /** Google (or any OpenID Connect) login. Unset client id = third-party login hidden. */
  OAUTH_GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  OAUTH_GOOGLE_CLIENT_ID: optional,
  OAUTH_GOOGLE_CLIENT_SECRET: optional,
  /** Secret for upload tokens and other signatures; generated and kept in DATA_DIR when unset. */
  APP_SECRET: optional,
  /** Load demo content (users, hot words…) into an empty database. */
  DEMO_DATA: bool(true),
  /** Serve the built web app from apps/web/dist. */
  SERVE_WEB: bool(true),
  /** S3-compatible bucket for uploads (news covers, videos, circle pictures); unset = DATA_DIR/uploads. */
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** Public base URL of the bucket; /uploads/<key> redirects there. Unset = the server streams the objects. */
  S3_PUBLIC_URL: optional,
  /** Path-style bucket addressing (MinIO and most self-hosted S3 servers need it). */
  S3_FORCE_PATH_STYLE: bool(true),
  /** Token data providers send to api/feed/... (Authorization: Bearer …); generated into DATA_DIR when unset. */
  FEED_TOKEN: optional,
  /** Speed of the embedded match replay (match seconds per real second; 0 = off). It runs when DEMO_DATA is on. */
  MATCH_REPLAY_SPEED: z.coerce.number().min(0).max(10_000).default(1),
  LOG_LEVEL: z.string().default('info'),
  /**
   * Send repeats of public cached answers from the HTTP server's first step, before Fastify
   * (platform/hot-answers.ts). Off only to compare (the match-day bench) or to rule it out.
   */
  HOT_ANSWERS: bool(true),
  /**
   * argon2id cost of password hashes: `standard` (19 MiB, 2 passes). `test` (1 MiB, 1 pass) is for
   * test runs only, which make hundreds of users; hashes of either cost verify under both.
   */
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
  /** Chat (IM) app id carried in every UserSig credential. */
  IM_SDKAPPID: z.coerce.number().int().positive().default(1400000000),
  /** Chat credential signing key; generated and kept in DATA_DIR when unset. Never sent to browsers. */
  IM_SECRET: optional,
  /**
   * The embedded sandbox checkout "pays" any order: right for a demo, wrong for a public site where
   * anyone could mint coins. Turn it off in production until a real provider is configured.
   */
  PAYMENT_SANDBOX: bool(true),
  /** The currency the embedded sandbox checkout charges in; recharge prices are shown in it. */
  PAYMENT_CURRENCY: z.preprocess((v) => (typeof v === 'string' && v !== '' ? v.trim().toUpperCase() : undefined), z.enum(PAYMENT_CURRENCIES).default('CNY')),
  /** Connections in the PostgreSQL pool (DATABASE_URL only). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Which proxies may tell the client's address in X-Forwarded-For. Unset/`off`: none (the
   * connection's address is the client: a client cannot choose its own IP to dodge limits). A hop
   * count (`1` behind one nginx), or a comma list of proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`).
   */
  TRUST_PROXY: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .optional()
      .transform((v): boolean | number | string[] => {
        if (!v || /^(off|false|no|0)$/i.test(v)) return false;
        if (/^(on|true|yes)$/i.test(v)) return true;
        if (/^\d+$/.test(v)) return Number(v);
        return v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      }),
  ),
  /** Multiplier for the per-IP rate limits (load tests raise it; 0 turns them off). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /** Least time between two chat messages of one user (ms, every room and process together); 0 off. */
  CHAT_MIN_GAP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Embedded RTMP ingest port (live streams are pushed to rtmp://HOST:RTMP_PORT/live/<stream key>); 0 turns it off. */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** ffmpeg for the quality ladder and HLS: a path, or `off`; unset = the system's ffmpeg when there is one. */
  FFMPEG: optional,
  /** Days a broadcast's replay is kept after it ends (0 = for ever); clips cut from it stay. */
  REPLAY_DAYS: z.coerce.number().min(0).max(36_500).default(30),
  /** A broadcast whose encoder comes back within this many seconds continues the same replay. */
  REPLAY_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Demo anchors pushing rendered video into their rooms on `npm start` (needs ffmpeg and the ingest). */
  DEMO_STREAMS: bool(true),
  /**
   * Processes holding the WebSockets, sharing PORT (node:cluster). 1: one process does everything.
   * More: the primary owns the database and the work that runs once, the others hold the sockets
   * (cluster/). `npm start` sets it to the number of cores when unset.
   */
  WORKERS: z.coerce.number().int().min(1).max(256).default(1),
  /** Open connections one client address may hold (scaled by RATE_LIMIT_SCALE; 0 = no cap; proxies TRUST_PROXY names are not capped). */
  CONN_PER_IP: z.coerce.number().int().min(0).default(512),
  /** A connection must send a whole request head within this many ms (and a first request line), or it is closed. */
  HEAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** An idle keep-alive connection is closed after this many ms. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Unfinished resumable uploads one user may hold at once (issue #51): a new one past it is refused. */
  UPLOAD_MAX_OPEN: z.coerce.number().int().min(1).max(1000).default(3),
  /** Bytes (in MB) one user's unfinished uploads may declare together. */
  UPLOAD_MAX_OPEN_MB: z.coerce.number().min(1).default(1024),
  /** New uploads are refused while the upload disk would have less than this many MB free (local storage). */
  UPLOAD_MIN_FREE_MB: z.coerce.number().min(0).default(1024),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  return { ...parsed, dataDir, publicUrl };
}
