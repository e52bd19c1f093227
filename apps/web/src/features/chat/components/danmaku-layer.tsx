import { useEffect, useRef } from 'react';
import { useChatStore, takeFresh } from '../api/im-client';
import { useRoomChat } from '../api/use-room-chat';
import { FONT_PX } from '../lib/danmaku-settings';
import { laneCount, pickLane } from '../lib/lanes';
import { useDanmaku, useDanmakuSpeed } from '../lib/danmaku-store';
import { useAuthStore } from '@/shared/stores/auth';
import '../chat.css';

/** Pixels per second at speed 1 (a message crosses a 1280 px player in about 8 s). */
const BASE_PX_PER_S = 180;
/** Space kept between two messages in a lane. */
const GAP_PX = 24;
/** Messages on screen at most; beyond that new ones are dropped rather than piled up. */
const MAX_FLYING = 120;

interface Flying {
  text: string;
  x: number;
  width: number;
  lane: number;
  self: boolean;
}

/**
 * Danmaku over the player (spec §9): every new chat message flies right→left on a canvas, in lanes
 * that do not overlap, inside the chosen area. The loop runs only while something flies and the
 * tab is visible. data-flying on the wrapper says how many are on screen.
 */
export function DanmakuLayer({ roomId }: { roomId: number }) {
  useRoomChat(roomId);
  const settings = useDanmaku();
  const speed = useDanmakuSpeed((s) => s.speed);
  const fresh = useChatStore((s) => s.fresh);
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const flying = useRef<Flying[]>([]);
  const frame = useRef(0);
  const last = useRef(0);
  const cfg = useRef({ settings, speed });
  cfg.current = { settings, speed };

  const setCount = () => wrap.current?.setAttribute('data-flying', String(flying.current.length));

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
    setCount();
    if (c && ctx) {
      const dpr = window.devicePixelRatio || 1;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, c.width, c.height);
      const font = FONT_PX[s.size] ?? 20;
      ctx.font = `600 ${font}px system-ui, sans-serif`;
      ctx.textBaseline = 'top';
      ctx.globalAlpha = s.opacity / 100;
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(0,0,0,.75)';
      for (const f of flying.current) {
        const y = 6 + f.lane * font * 1.4;
        ctx.strokeText(f.text, f.x, y);
        ctx.fillStyle = f.self ? '#ffd166' : '#fff';
        ctx.fillText(f.text, f.x, y);
      }
    }
    if (flying.current.length && !document.hidden) frame.current = requestAnimationFrame(draw);
    else last.current = 0;
  };

  const start = () => {
    if (!frame.current && !document.hidden) frame.current = requestAnimationFrame(draw);
  };

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

  // Launch what the chat heard since the last time.
  useEffect(() => {
    if (!fresh.length) return;
    const items = takeFresh();
    const s = cfg.current.settings;
    const el = wrap.current;
    if (!s.show || !el || document.hidden) return;
    const width = el.clientWidth || 640;
    const font = FONT_PX[s.size] ?? 20;
    const lanes = laneCount(el.clientHeight || 360, font * 1.4, s.area);
    const ctx = canvas.current?.getContext('2d');
    if (ctx) ctx.font = `600 ${font}px system-ui, sans-serif`;
    const me = String(useAuthStore.getState().user?.id ?? '');
    for (const m of items) {
      const text = m.type === 'TIMTextElem' ? (m.payload.text ?? '') : '';
      if (!text || flying.current.length >= MAX_FLYING) continue;
      const tails: ({ right: number } | undefined)[] = [];
      for (const f of flying.current) {
        const r = f.x + f.width;
        if (!tails[f.lane] || tails[f.lane]!.right < r) tails[f.lane] = { right: r };
      }
      const lane = pickLane(tails, lanes, width, GAP_PX, true);
      if (lane < 0) continue;
      const w = ctx ? ctx.measureText(text).width : text.length * font * 0.6;
      flying.current.push({ text, x: width, width: w, lane, self: m.from === me });
    }
    setCount();
    start();
  }, [fresh]);

  // Hiding danmaku clears the screen.
  useEffect(() => {
    if (settings.show) return;
    flying.current = [];
    setCount();
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
  }, [settings.show]);

  return (
    <div className="danmaku-layer" ref={wrap} data-testid="danmaku-layer" data-flying="0" aria-hidden hidden={!settings.show}>
      <canvas ref={canvas} className="danmaku-layer__canvas" />
    </div>
  );
}
