import { HEARTBEAT_MS, SocketCode } from '@livesports/contracts/matches-constants';
// The socket's own schemas, not the whole matches contract: a page that only listens for goals
// (every page, for the pop-ups) builds just these (issue #16).
import { type AlertFrame, type ScoreFrame, type SocketClientMessage, scoreFrameDataSchema, scoreServerFrame } from '@livesports/contracts/matches-socket';
import { currentLanguage } from '@/shared/i18n';
import { RealtimeConnection } from '@/shared/realtime/connection';
import { useAppStore } from '@/shared/stores/app';
import { useLive } from './store';

// The one score connection of a tab (spec §4 push connection): connect, register, then toggle +
// classify 0 when odds are shown (the `immediately` value3 flag), else classify 1; heartbeat
// every 30 000 ms; reconnect on close (the shared realtime connection). The server's first
// frames after register are a snapshot, so whatever happened while the connection was down is
// caught up at once.

type Listener = (f: AlertFrame) => void;
type Frame = Pick<ScoreFrame, 'code' | 'msg'> & { data: unknown };

let started = false;
const alertListeners = new Set<Listener>();
/**
 * Alerts that arrived while nothing listened: the pop-ups are loaded after the page settles, and
 * a goal scored in that second (or while a layout is swapped) is shown when they attach, if it is
 * still fresh (the pop-up's own lifetime).
 */
const unheard: { frame: AlertFrame; at: number }[] = [];
const UNHEARD_MS = 12_000;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The address from system settings (spec §7), unless it names another host than the page's. */
export function address(attempt: number): string {
  const fromSettings = useAppStore.getState().system?.websocket;
  const here = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/score`;
  if (!fromSettings) return here;
  try {
    const u = new URL(fromSettings);
    // A site reached under another name than PUBLIC_URL (a LAN address, a proxy) keeps working.
    if (u.host !== location.host && attempt > 0) return here;
    // The default settings name the server as localhost (no PUBLIC_URL): from a phone on the LAN
    // that is the phone itself, and from 127.0.0.1 another origin. Go to the page's host at once
    // instead of failing first and showing "Reconnecting…".
    if (u.host !== location.host && LOOPBACK.test(u.hostname)) return here;
  } catch {
    return here;
  }
  return fromSettings;
}

const send = (msg: SocketClientMessage) => socket.send(msg);

/** What this tab wants: scores only, or scores and one bookmaker's odds. */
function subscribe() {
  if (useAppStore.getState().immediately.value3) {
    send({ type: 'toggle', company_id: useLive.getState().companyId });
    send({ type: 'classify', classify_type: 0 });
  } else send({ type: 'classify', classify_type: 1 });
}

function onFrame(f: Frame) {
  if (f.code !== SocketCode.DATA) return;
  // Data that does not match the contract is skipped like an unreadable frame.
  const parsed = scoreFrameDataSchema.safeParse(f.data);
  if (!parsed.success) return;
  const d = parsed.data;
  const live = useLive.getState();
  switch (d.type) {
    case 'football_match':
    case 'basketball_match':
      return live.applyRows(d.list, d.snapshot, d.type.replace('_match', ''));
    case 'football_exponent':
    case 'basketball_exponent':
      return live.applyExponents(d.list, d.snapshot && d.type === 'football_exponent');
    case 'goal':
    case 'red_card':
    case 'yellow_card':
      if (alertListeners.size === 0) {
        // Only the fresh ones are kept (a page without pop-ups may listen to scores for hours).
        while (unheard.length && (unheard.length >= 8 || Date.now() - unheard[0].at >= UNHEARD_MS)) unheard.shift();
        unheard.push({ frame: d, at: Date.now() });
      }
      for (const l of alertListeners) l(d);
  }
}

const socket = new RealtimeConnection<Frame>({
  url: address,
  schema: scoreServerFrame,
  onOpen: () => {
    socket.resetBackoff();
    send({ type: 'register', info: { lang: currentLanguage() } });
    subscribe();
  },
  onStatus: (s) => useLive.getState().setConnected(s === 'open'),
  onFrame,
  // Quickly at first, then every 15 s at most.
  backoff: { baseMs: 1000, capMs: 15_000, jitter: 0.5 },
  heartbeat: { frame: { type: 'heartbeat' } satisfies SocketClientMessage, everyMs: HEARTBEAT_MS, timeoutMs: 10_000 },
});

/** Starts the connection once per tab (idempotent) and keeps its subscription in step with the settings. */
export function ensureScoreSocket() {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  socket.start();
  useAppStore.subscribe((s, prev) => {
    if (s.immediately.value3 !== prev.immediately.value3) subscribe();
    // The address arrives with the system settings; reconnect if it differs from the one in use.
    if (s.system?.websocket !== prev.system?.websocket && socket.url && socket.url !== address(0)) socket.start();
  });
  useLive.subscribe((s, prev) => {
    if (s.companyId !== prev.companyId) subscribe();
  });
}

/** Goal and card alerts as they arrive. */
export function onAlert(l: Listener) {
  alertListeners.add(l);
  const fresh = unheard.splice(0).filter((u) => Date.now() - u.at < UNHEARD_MS);
  for (const u of fresh) l(u.frame);
  return () => void alertListeners.delete(l);
}
