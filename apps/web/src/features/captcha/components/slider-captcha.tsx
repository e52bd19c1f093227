import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { CAPTCHA_HEIGHT, CAPTCHA_PIECE, CAPTCHA_WIDTH } from '@livesports/contracts/captcha';
import { type CaptchaPuzzle, type CaptchaRequest, fetchCaptcha } from '../api/get-captcha';
import { checkCaptcha } from '../api/check-captcha';
import styles from './slider-captcha.module.css';

// The jigsaw puzzle in front of login and register. The user drags the piece from where it rests
// into the gap, across and down (the gap is found in two dimensions, so a blind guess rarely
// lands). The piece follows the pointer 1:1 in CSS pixels, so its top-left is exactly the (x, y)
// the server checks. Every pointer sample of the drag goes into the trace ([dx, dy, ms] from the
// press), which the server judges for a human rhythm before it hands out the one-time ticket.
// A puzzle gets one try: after a miss the widget fetches the next one on its own.

export interface SliderCaptchaProps {
  /** The app's API client: unwraps { code, msg, data } and rejects on any code but 200. */
  request: CaptchaRequest;
  /** Translates a key; the component asks for 'captcha:<key>' (src/locales/<lang>/captcha.json). */
  t: (key: string) => string;
  onSuccess(ticket: string): void;
  onClose?(): void;
}

type Phase = 'loading' | 'ready' | 'dragging' | 'checking' | 'ok' | 'failed' | 'error';
type Sample = [number, number, number];
interface Point {
  x: number;
  y: number;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  t0: number;
  trace: Sample[];
}

/** The contract caps a trace at 1000 samples; past this the newest sample replaces the last one. */
const MAX_SAMPLES = 1000;
/** Long enough to see the green check before the dialog moves on. */
const SUCCESS_DELAY_MS = 400;
/** Long enough to read why it failed, short enough not to wait for the next puzzle. */
const RETRY_DELAY_MS = 1200;
/** The piece's PNG is the body plus a knob margin on each side (see the server's image.ts). */
const PIECE_SIDE = CAPTCHA_PIECE + 20;

const tenth = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function SliderCaptcha({ request, t, onSuccess, onClose }: SliderCaptchaProps) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  // Where the piece is, as an offset from its resting place.
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [pieceSide, setPieceSide] = useState(PIECE_SIDE);
  const [message, setMessage] = useState<string | null>(null);

  const drag = useRef<Drag | null>(null);
  const ticket = useRef<string | null>(null);
  // Bumped by every load and by unmount: answers of a puzzle no longer shown are dropped.
  const generation = useRef(0);
  // The shell may pass new functions on every render; the latest ones are read from refs so
  // that neither a new `request` nor a new `t` reloads the puzzle.
  const latest = useRef({ request, t, onSuccess });
  useEffect(() => {
    latest.current = { request, t, onSuccess };
  });

  const width = puzzle?.width ?? CAPTCHA_WIDTH;
  const height = puzzle?.height ?? CAPTCHA_HEIGHT;
  const rest = { x: puzzle?.startX ?? 0, y: puzzle?.startY ?? 0 };

  const load = useCallback(() => {
    const gen = ++generation.current;
    drag.current = null;
    ticket.current = null;
    setPhase('loading');
    setOffset({ x: 0, y: 0 });
    setMessage(null);
    const { request, t } = latest.current;
    fetchCaptcha(request).then(
      (p) => {
        if (gen !== generation.current) return;
        setPuzzle(p);
        setPhase('ready');
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        setMessage(err instanceof Error && err.message ? err.message : t('captcha:failed'));
        setPhase('error');
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => {
      generation.current += 1;
    };
  }, [load]);

  // Success: let the check show, then hand the ticket over.
  useEffect(() => {
    if (phase !== 'ok') return;
    const timer = setTimeout(() => ticket.current && latest.current.onSuccess(ticket.current), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // Failure: the shake and the message play, then a fresh puzzle (the old one is spent).
  useEffect(() => {
    if (phase !== 'failed') return;
    const timer = setTimeout(load, RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, load]);

  /** Records one pointer position; returns the piece offset it stands for (kept inside the picture). */
  function sample(d: Drag, ev: PointerEvent): Point {
    const dx = clamp(ev.clientX - d.startX, -rest.x, width - pieceSide - rest.x);
    const dy = clamp(ev.clientY - d.startY, -rest.y, height - pieceSide - rest.y);
    const last = d.trace[d.trace.length - 1];
    // Time must not run backwards for the server, whatever order the browser stamps events in.
    const point: Sample = [tenth(dx), tenth(dy), Math.max(last[2], tenth(ev.timeStamp - d.t0))];
    if (d.trace.length < MAX_SAMPLES) d.trace.push(point);
    else d.trace[d.trace.length - 1] = point;
    return { x: dx, y: dy };
  }

  function onPointerDown(e: ReactPointerEvent<HTMLElement>) {
    if (phase !== 'ready' || !puzzle) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, t0: e.timeStamp, trace: [[0, 0, 0]] };
    setPhase('dragging');
  }

  function onPointerMove(e: ReactPointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    // Browsers merge fast moves into one event per frame; the merged ones are the finer trace.
    const native = e.nativeEvent;
    const merged = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    let at = offset;
    for (const ev of merged.length > 0 ? merged : [native]) at = sample(d, ev);
    setOffset(at);
  }

  function onPointerUp(e: ReactPointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId || !puzzle) return;
    drag.current = null;
    const at = sample(d, e.nativeEvent);
    const dx = Math.round(at.x);
    const dy = Math.round(at.y);
    if (dx === 0 && dy === 0) {
      // A click without a drag is no answer: don't spend the puzzle's one try on it.
      setOffset({ x: 0, y: 0 });
      setPhase('ready');
      return;
    }
    setOffset({ x: dx, y: dy });
    setPhase('checking');
    const gen = generation.current;
    checkCaptcha(request, { id: puzzle.id, x: rest.x + dx, y: rest.y + dy, trace: d.trace }).then(
      (r) => {
        if (gen !== generation.current) return;
        if (r.ret === 0 && r.ticket) {
          ticket.current = r.ticket;
          setPhase('ok');
        } else {
          setMessage(t('captcha:failed'));
          setPhase('failed');
        }
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        setMessage(err instanceof Error && err.message ? err.message : t('captcha:failed'));
        setPhase('failed');
      },
    );
  }

  function onPointerCancel(e: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    setOffset({ x: 0, y: 0 });
    setPhase('ready');
  }

  const busy = phase === 'loading' || phase === 'checking';
  const rootClass = [styles.root, phase === 'failed' && styles.shake].filter(Boolean).join(' ');
  const pieceClass = [styles.piece, phase === 'ready' && styles.grab, phase === 'dragging' && styles.dragging, phase === 'ok' && styles.pieceOk].filter(Boolean).join(' ');
  const barClass = [styles.bar, phase === 'ok' && styles.barOk, phase === 'failed' && styles.barFailed].filter(Boolean).join(' ');

  return (
    <div className={rootClass} style={{ width }} data-phase={phase}>
      <div className={styles.picture} style={{ width, height }}>
        {puzzle && phase !== 'loading' ? (
          <>
            <img className={styles.bg} data-testid="captcha-bg" src={puzzle.bg} width={width} height={height} alt="" draggable={false} />
            <img
              className={pieceClass}
              data-testid="captcha-piece"
              src={puzzle.piece}
              style={{ left: rest.x + offset.x, top: rest.y + offset.y }}
              onLoad={(e) => setPieceSide(e.currentTarget.naturalWidth || PIECE_SIDE)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerCancel}
              role="slider"
              aria-label={t('captcha:slide')}
              aria-disabled={phase !== 'ready' && phase !== 'dragging'}
              alt=""
              draggable={false}
            />
          </>
        ) : (
          <div className={styles.placeholder}>{phase === 'error' ? message : t('captcha:loading')}</div>
        )}

        {phase === 'ok' && (
          <div className={styles.okBanner} data-testid="captcha-ok" role="status">
            <CheckIcon /> {t('captcha:success')}
          </div>
        )}
        {phase === 'failed' && message && (
          <div className={styles.failBanner} role="alert">
            {message}
          </div>
        )}

        <div className={styles.tools}>
          <button type="button" className={styles.tool} data-testid="captcha-refresh" onClick={load} disabled={busy || phase === 'ok'} aria-label={t('captcha:refresh')} title={t('captcha:refresh')}>
            <RefreshIcon />
          </button>
          {onClose && (
            <button type="button" className={styles.tool} onClick={onClose} aria-label={t('captcha:close')} title={t('captcha:close')}>
              <CloseIcon />
            </button>
          )}
        </div>
      </div>

      <div className={barClass} data-testid="captcha-hint">
        {phase === 'ok' ? <CheckIcon /> : <DragIcon />}
        <span>{t('captcha:slide')}</span>
      </div>
    </div>
  );
}

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
const DragIcon = () => (
  <svg {...iconProps}>
    <path d="M5 9l-3 3 3 3M9 5l3-3 3 3M15 19l-3 3-3-3M19 9l3 3-3 3M2 12h20M12 2v20" />
  </svg>
);
const CheckIcon = () => (
  <svg {...iconProps}>
    <path d="m5 12 5 5 9-10" />
  </svg>
);
const RefreshIcon = () => (
  <svg {...iconProps}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </svg>
);
const CloseIcon = () => (
  <svg {...iconProps}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
