import { useEffect, useRef, useState } from 'react';
import { ImElemType } from '@livesports/contracts/chat-constants';
import { useChatStore, takeFresh } from '../api/im-client';
import { useRoomChat } from '../api/use-room-chat';
import { FONT_PX } from '../lib/danmaku-settings';
import { LANE_TOP_PX, laneBand, pickLane } from '../lib/lanes';
import { useDanmaku, useDanmakuSpeed } from '../lib/danmaku-store';
import { useAuthStore } from '@/shared/stores/auth';
import { blockedSet, useChatFilters } from '../lib/chat-filters';
import '../chat.css';

/** Pixels per second at speed 1 (a message crosses a 1280 px player in about 8 s). */
const BASE_PX_PER_S = 180;
/** Space kept between two messages in a lane. */
const GAP_PX = 24;
/** Messages on screen at most. */
export const MAX_FLYING = 240;
/**
 * A burst (a goal!) brings more messages than free lanes: they wait and enter as lanes free up,
 * instead of being dropped. Waiting longer than this, or beyond this many, they are let go.
 */
const WAIT_MS = 6000;
const WAIT_MAX = 400;

interface Waiting {
  text: string;
  color: string;
  framed: boolean;
  at: number;
}

interface Flying {
  /** The text drawn once (outline, fill, noble frame) into its own bitmap; each frame only blits it. */
  bitmap: HTMLCanvasElement;
  x: number;
  width: number;
  lane: number;
}

/**
 * Renders one danmaku to a bitmap at the screen's density. Drawing text with an outline on every
 * frame costs a glyph layout per message per frame; blitting a bitmap keeps 200+ messages at 60 fps.
 */
let probeCtx: CanvasRenderingContext2D | null = null;
function renderBitmap(text: string, font: number, color: string, framed: boolean) {
  const dpr = window.devicePixelRatio || 1;
  probeCtx ??= document.createElement('canvas').getContext('2d')!;
  const probe = probeCtx;
  const spec = `600 ${font}px system-ui, sans-serif`;
  probe.font = spec;
  const pad = framed ? 8 : 2;
  const width = Math.ceil(probe.measureText(text).width) + pad * 2 + 4;
  const height = Math.ceil(font * 1.35);
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round(width * dpr));
  c.height = Math.max(1, Math.round(height * dpr));
  const ctx = c.getContext('2d');
  if (ctx) {
    ctx.scale(dpr, dpr);
    if (framed) {
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.fillStyle = 'rgba(0,0,0,.35)';
      ctx.beginPath();
      ctx.roundRect(1, 1, width - 2, height - 2, height / 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.font = spec;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(0,0,0,.75)';
    ctx.strokeText(text, pad + 2, height / 2);
    ctx.fillStyle = color;
    ctx.fillText(text, pad + 2, height / 2);
  }
  return { bitmap: c, width };
}

/** One danmaku to fly: its text, colour and whether it flies in a noble's frame. */
export interface DanmakuItem {
  text: string;
  color: string;
  framed: boolean;
}
/** A batch handed to the canvas; a new object (new id) launches its items. */
export interface DanmakuBatch {
  id: number;
  items: DanmakuItem[];
}

/**
 * Danmaku over a player (spec §9): each item flies right→left on a canvas, in lanes that do not
 * overlap, inside the chosen area, with the viewer's settings (size, area, opacity, speed). The
 * loop runs only while something flies, the tab is visible and the layer is not paused (a paused
 * replay holds its danmaku still). data-flying on the wrapper says how many are on screen. The
 * live room feeds it from the chat socket, a replay from the broadcast's timeline.
 */
export function DanmakuCanvas({ batch, paused = false, testId = 'danmaku-layer' }: { batch: DanmakuBatch | null; paused?: boolean; testId?: string }) {
  const settings = useDanmaku();
  const speed = useDanmakuSpeed((s) => s.speed);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const flying = useRef<Flying[]>([]);
  const waiting = useRef<Waiting[]>([]);
  const frame = useRef(0);
  const last = useRef(0);
  const cfg = useRef({ settings, speed });
  cfg.current = { settings, speed };

  const setCount = () => wrap.current?.setAttribute('data-flying', String(flying.current.length));

  /** Puts waiting messages into free lanes (a few per frame, so a burst never stalls a frame). */
  const launch = (now: number) => {
    const el = wrap.current;
    const q = waiting.current;
    if (!el || !q.length) return;
    while (q.length && now - q[0].at > WAIT_MS) q.shift();
    const s = cfg.current.settings;
    const width = el.clientWidth || 640;
    const font = FONT_PX[s.size] ?? 20;
    const { first, end: lanes } = laneBand(el.clientHeight || 360, font * 1.4, s.area, s.avoidTop);
    const tails: ({ right: number } | undefined)[] = [];
    for (const f of flying.current) {
      const r = f.x + f.width;
      if (!tails[f.lane] || tails[f.lane]!.right < r) tails[f.lane] = { right: r };
    }
    for (let n = 0; n < 8 && q.length && flying.current.length < MAX_FLYING; n++) {
      const lane = pickLane(tails, lanes, width, GAP_PX, true, first);
      if (lane < 0) break;
      const m = q.shift()!;
      const { bitmap, width: w } = renderBitmap(m.text, font, m.color, m.framed);
      flying.current.push({ bitmap, x: width, width: w, lane });
      tails[lane] = { right: width + w };
    }
  };

  const draw = (now: number) => {
    frame.current = 0;
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    const dt = last.current ? Math.min(0.1, (now - last.current) / 1000) : 0;
    last.current = now;
    const { settings: s, speed: v } = cfg.current;
    const dx = BASE_PX_PER_S * v * dt;
    for (const f of flying.current) f.x -= dx;
    flying.current = flying.current.filter((f) => f.x + f.width > 0);
    launch(now);
    setCount();
    if (c && ctx) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, c.width, c.height);
      const dpr = window.devicePixelRatio || 1;
      const font = FONT_PX[s.size] ?? 20;
      ctx.globalAlpha = s.opacity / 100;
      for (const f of flying.current) ctx.drawImage(f.bitmap, Math.round(f.x * dpr), Math.round((LANE_TOP_PX + f.lane * font * 1.4) * dpr));
    }
    if ((flying.current.length || waiting.current.length) && !document.hidden && !pausedRef.current) frame.current = requestAnimationFrame(draw);
    else last.current = 0;
  };

  const start = () => {
    if (!frame.current && !document.hidden && !pausedRef.current) frame.current = requestAnimationFrame(draw);
  };

  // Paused: the loop stops where it is; playing again picks up from there.
  useEffect(() => {
    if (paused) {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      last.current = 0;
    } else start();
  }, [paused]);

  // Keep the canvas at the wrapper's size (sharp on high-density screens).
  useEffect(() => {
    const el = wrap.current;
    const c = canvas.current;
    if (!el || !c || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const dpr = window.devicePixelRatio || 1;
      c.width = Math.round(el.clientWidth * dpr);
      c.height = Math.round(el.clientHeight * dpr);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Paused while the tab is hidden: nothing piles up, the loop picks up when it is back.
  useEffect(() => {
    const onVis = () => (document.hidden ? (cancelAnimationFrame(frame.current), (frame.current = 0), (last.current = 0)) : start());
    document.addEventListener('visibilitychange', onVis);
    return () => {
      document.removeEventListener('visibilitychange', onVis);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, []);

  // Launch a new batch.
  useEffect(() => {
    if (!batch?.items.length) return;
    const s = cfg.current.settings;
    const el = wrap.current;
    if (!s.show || !el || document.hidden) return;
    const now = performance.now();
    for (const m of batch.items) {
      if (waiting.current.length >= WAIT_MAX) break;
      waiting.current.push({ ...m, at: now });
    }
    launch(now);
    setCount();
    start();
  }, [batch]);

  // A new source (a seek in a replay) clears the screen.
  useEffect(() => {
    if (batch?.id !== 0) return;
    flying.current = [];
    waiting.current = [];
    setCount();
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
  }, [batch]);

  // Hiding danmaku clears the screen.
  useEffect(() => {
    if (settings.show) return;
    flying.current = [];
    waiting.current = [];
    setCount();
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
  }, [settings.show]);

  return (
    <div className="danmaku-layer" ref={wrap} data-testid={testId} data-flying="0" aria-hidden hidden={!settings.show}>
      <canvas ref={canvas} className="danmaku-layer__canvas" />
    </div>
  );
}

let batches = 0;
/** Chat text as danmaku: nobles fly in their colour inside a frame; my own messages in gold. */
export function toDanmaku(m: { from: string; text: string; ext?: { color?: unknown; noble?: unknown } | null }, me: string): DanmakuItem {
  return { text: m.text, color: (typeof m.ext?.color === 'string' ? m.ext.color : null) ?? (m.from === me ? '#ffd166' : '#ffffff'), framed: !!m.ext?.noble };
}
export const nextBatchId = () => ++batches;

/** The live room's danmaku: every new chat message of the room, as the socket hears it. */
export function DanmakuLayer({ roomId }: { roomId: number }) {
  useRoomChat(roomId);
  const fresh = useChatStore((s) => s.fresh);
  const [batch, setBatch] = useState<DanmakuBatch | null>(null);
  useEffect(() => {
    if (!fresh.length) return;
    const items = takeFresh();
    if (document.hidden) return;
    const me = String(useAuthStore.getState().user?.id ?? '');
    const blocked = blockedSet(useChatFilters.getState());
    const out: DanmakuItem[] = [];
    for (const m of items) {
      const text = m.type === ImElemType.TEXT ? (m.payload.text ?? '') : '';
      if (text && !blocked.has(m.from)) out.push(toDanmaku({ from: m.from, text, ext: m.ext }, me));
    }
    if (out.length) setBatch({ id: nextBatchId(), items: out });
  }, [fresh]);
  return <DanmakuCanvas batch={batch} />;
}
