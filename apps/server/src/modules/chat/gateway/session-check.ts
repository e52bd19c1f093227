import type { Bus } from '../../../platform/bus.ts';

/** How long a session found open is believed without asking the database again. */
export const SESSION_CHECK_TTL_MS = 15_000;
/** Sessions remembered at most (then forgotten all at once: the next logins ask the database). */
const KEPT_MAX = 50_000;

export interface SessionCheckDeps {
  /** The database's answer: is this login session still open (not ended, not expired, user active)? */
  sessionActive: (sessionId: number, userId: number) => Promise<boolean>;
  bus: Bus;
  /** Bus channel announcing ended sessions (JSON { userId, sessionId?, except? }), from every process. */
  sessionsEndedChannel: string;
  ttlMs?: number;
  now?: () => number;
}

/**
 * Whether a member credential's login session is still open, remembered for a few seconds.
 *
 * Why: every member socket that logs in (and again on every reconnect: a whole room reconnects when
 * a process goes away) asked the database the same question. Sessions end only through the account
 * module (sign-out, password change, ban), which announces it on the bus to every process: an
 * announcement forgets the user's remembered sessions at once, so an ended session is never let in
 * from memory. What the bus cannot announce is expiry, hence the short TTL (a session that expires
 * may chat TTL longer; its open sockets are not cut at expiry either).
 *
 * A check already asking the database when an end is announced does not store its (maybe stale)
 * answer; concurrent checks of one session share one query.
 */
export function createSessionCheck(deps: SessionCheckDeps) {
  const ttl = deps.ttlMs ?? SESSION_CHECK_TTL_MS;
  const now = deps.now ?? Date.now;
  /** userId → sessionId → open until (ms). */
  const open = new Map<number, Map<number, number>>();
  let size = 0;
  /** Bumped by every announced end: an answer asked for before it is not kept. */
  let ends = 0;
  const inFlight = new Map<string, Promise<boolean>>();
  /** Nothing is remembered until the bus subscription is made (before it, an end could go unheard). */
  let listening = false;
  /** When an end was last heard, per user and for everyone (an unreadable one): a vouch after it waits a TTL. */
  const endedAt = new Map<number, number>();
  let allEndedAt = -Infinity;

  function forget(userId: number, sessionId?: number, except?: number) {
    const sessions = open.get(userId);
    if (!sessions) return;
    for (const sid of [...sessions.keys()]) {
      if ((sessionId !== undefined && sid !== sessionId) || (except !== undefined && sid === except)) continue;
      sessions.delete(sid);
      size--;
    }
    if (sessions.size === 0) open.delete(userId);
  }

  const forgetAll = () => {
    open.clear();
    size = 0;
  };

  const off = deps.bus.subscribe(deps.sessionsEndedChannel, (raw) => {
    ends++;
    // Logins from now on ask afresh, not join a query that may have read the session before it ended.
    inFlight.clear();
    let ended: { userId?: unknown; sessionId?: unknown; except?: unknown } | null = null;
    try {
      ended = JSON.parse(raw);
    } catch {
      // An end nobody can read: forget everything rather than let a session in that may have ended.
    }
    if (!ended || typeof ended.userId !== 'number') {
      allEndedAt = now();
      return forgetAll();
    }
    if (endedAt.size >= KEPT_MAX) endedAt.clear();
    endedAt.set(ended.userId, now());
    forget(ended.userId, typeof ended.sessionId === 'number' ? ended.sessionId : undefined, typeof ended.except === 'number' ? ended.except : undefined);
  });
  void off.then(() => (listening = true)).catch(() => {});

  function remember(sessionId: number, userId: number) {
    if (size >= KEPT_MAX) forgetAll();
    let sessions = open.get(userId);
    if (!sessions) open.set(userId, (sessions = new Map()));
    if (!sessions.has(sessionId)) size++;
    sessions.set(sessionId, now() + ttl);
  }

  async function ask(sessionId: number, userId: number): Promise<boolean> {
    const before = ends;
    const heard = listening;
    const active = await deps.sessionActive(sessionId, userId);
    if (active && heard && ends === before) remember(sessionId, userId);
    return active;
  }

  return {
    /** Whether the session is open: from memory when checked within the TTL, else from the database. */
    active(sessionId: number, userId: number): Promise<boolean> {
      const until = open.get(userId)?.get(sessionId);
      if (until !== undefined && until > now()) return Promise.resolve(true);
      const key = `${userId}:${sessionId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        const asked = ask(sessionId, userId).finally(() => inFlight.get(key) === asked && inFlight.delete(key));
        inFlight.set(key, asked);
        pending = asked;
      }
      return pending;
    },
    /**
     * The account module has just found this session open (it signed the member's chat credential
     * for it): the login that follows within seconds need not ask the database the same question.
     * Why: at kick-off every member asked it twice, once for the credential and once at login, and
     * on embedded PGlite each statement costs the one database thread milliseconds (issue #20). Not
     * believed when an end was heard for the user within the TTL: that end may have come between the
     * account's read and this call (a short refusal window, never a let-in).
     */
    vouch(sessionId: number, userId: number) {
      const t = now();
      if (!listening || t - Math.max(allEndedAt, endedAt.get(userId) ?? -Infinity) < ttl) return;
      remember(sessionId, userId);
    },
    close: () => off.then((f) => f()).catch(() => {}),
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
