import type { AlertFrame, ExponentRow, MatchRow } from '@livesports/contracts/matches';
import { HEARTBEAT_MS, SocketCode } from '@livesports/contracts/matches-constants';
import { currentLanguage } from '@/shared/i18n';
import { useAppStore } from '@/shared/stores/app';
import { useLive } from './store';

// The one score connection of a tab (spec §4 push connection): connect, register, then toggle +
// classify 0 when odds are shown (the `immediately` value3 flag), else classify 1; heartbeat
// every 30 000 ms; reconnect on close. The server's first frames after register are a snapshot,
// so whatever happened while the connection was down is caught up at once.

type Frame = { code: number; msg: string; data: any };
type Listener = (f: AlertFrame) => void;

let ws: WebSocket | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;
let failures = 0;
let started = false;
const alertListeners = new Set<Listener>();

/** The address from system settings (spec §7), unless it names another host than the page's. */
function address(): string {
  const fromSettings = useAppStore.getState().system?.websocket;
  const here = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/score`;
  if (!fromSettings) return here;
  try {
    const u = new URL(fromSettings);
    // A site reached under another name than PUBLIC_URL (a LAN address, a proxy) keeps working.
    if (u.host !== location.host && failures > 0) return here;
  } catch {
    return here;
  }
  return fromSettings;
}

function send(msg: object) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

/** What this tab wants: scores only, or scores and one bookmaker's odds. */
function subscribe() {
  if (useAppStore.getState().immediately.value3) {
    send({ type: 'toggle', company_id: useLive.getState().companyId });
    send({ type: 'classify', classify_type: 0 });
  } else send({ type: 'classify', classify_type: 1 });
}

function onFrame(f: Frame) {
  if (f.code !== SocketCode.DATA || !f.data) return;
  const live = useLive.getState();
  const type = String(f.data.type ?? '');
  if (type.endsWith('_match')) live.applyRows(f.data.list as MatchRow[], !!f.data.snapshot, type.replace('_match', ''));
  else if (type.endsWith('_exponent')) live.applyExponents(f.data.list as ExponentRow[], !!f.data.snapshot && type === 'football_exponent');
  else if (type === 'goal' || type === 'red_card' || type === 'yellow_card') for (const l of alertListeners) l(f.data as AlertFrame);
}

function connect() {
  if (typeof WebSocket === 'undefined') return;
  const socket = new WebSocket(address());
  ws = socket;
  socket.onopen = () => {
    failures = 0;
    useLive.getState().setConnected(true);
    send({ type: 'register', info: { lang: currentLanguage() } });
    subscribe();
    heartbeat = setInterval(() => send({ type: 'heartbeat' }), HEARTBEAT_MS);
  };
  socket.onmessage = (ev) => {
    try {
      onFrame(JSON.parse(String(ev.data)) as Frame);
    } catch {
      /* a frame we cannot read is skipped */
    }
  };
  socket.onclose = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    if (ws !== socket) return;
    ws = null;
    useLive.getState().setConnected(false);
    failures++;
    // Reconnect: quickly at first, then every 15 s at most.
    setTimeout(connect, Math.min(15_000, 500 * 2 ** Math.min(failures, 5)));
  };
}

/** Starts the connection once per tab (idempotent) and keeps its subscription in step with the settings. */
export function ensureScoreSocket() {
  if (started) return;
  started = true;
  connect();
  useAppStore.subscribe((s, prev) => {
    if (s.immediately.value3 !== prev.immediately.value3) subscribe();
    // The address arrives with the system settings; reconnect if it differs from the one in use.
    if (s.system?.websocket !== prev.system?.websocket && ws && ws.url !== address()) ws.close();
  });
  useLive.subscribe((s, prev) => {
    if (s.companyId !== prev.companyId) subscribe();
  });
}

/** Goal and card alerts as they arrive. */
export function onAlert(l: Listener) {
  alertListeners.add(l);
  return () => void alertListeners.delete(l);
}
