import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { CAPTCHA_HEIGHT, CAPTCHA_PIECE, CAPTCHA_WIDTH } from '@livesports/contracts/captcha';
import { type CaptchaPuzzle, type CaptchaRequest, fetchCaptcha } from '../api/get-captcha';
import { checkCaptcha } from '../api/check-captcha';
import styles from './slider-captcha.module.css';

// The slider puzzle in front of login and register. The user drags the handle; the piece follows
// 1:1 in CSS pixels, so the handle's travel is exactly the x the server checks. Every pointer sample
// of the drag goes into the trace ([dx, dy, ms] from the press), which the server judges for a human
// rhythm before it hands out the one-time ticket.

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

/** Half the handle's width (see .handle in the stylesheet): the fill ends under its middle. */
const HANDLE_HALF = 20;

const tenth = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function SliderCaptcha({ request, t, onSuccess, onClose }: SliderCaptchaProps) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  const [offset, setOffset] = useState(0);
  const [pieceWidth, setPieceWidth] = useState(CAPTCHA_PIECE);
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
  const maxOffset = Math.max(0, width - pieceWidth);

  const load = useCallback(() => {
    const gen = ++generation.current;
    drag.current = null;
    ticket.current = null;
    setPhase('loading');
    setOffset(0);
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

  // Failure: the shake and the message play, then a fresh puzzle (the old one may be burnt).
  useEffect(() => {
    if (phase !== 'failed') return;
    const timer = setTimeout(load, RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, load]);

  /** Records one pointer position; returns the piece offset it stands for. */
  function sample(d: Drag, ev: PointerEvent): number {
    const dx = clamp(ev.clientX - d.startX, 0, maxOffset);
    const last = d.trace[d.trace.length - 1];
    // Time must not run backwards for the server, whatever order the browser stamps events in.
    const point: Sample = [tenth(dx), tenth(ev.clientY - d.startY), Math.max(last[2], tenth(ev.timeStamp - d.t0))];
    if (d.trace.length < MAX_SAMPLES) d.trace.push(point);
    else d.trace[d.trace.length - 1] = point;
    return dx;
  }

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (phase !== 'ready' || !puzzle) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, t0: e.timeStamp, trace: [[0, 0, 0]] };
    setPhase('dragging');
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    // Browsers merge fast moves into one event per frame; the merged ones are the finer trace.
    const native = e.nativeEvent;
    const merged = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    let dx = offset;
    for (const ev of merged.length > 0 ? merged : [native]) dx = sample(d, ev);
    setOffset(dx);
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId || !puzzle) return;
    drag.current = null;
    const x = Math.round(sample(d, e.nativeEvent));
    setOffset(x);
    if (x === 0) {
      // A click without a drag is no answer: don't spend one of the puzzle's tries on it.
      setPhase('ready');
      return;
    }
    setPhase('checking');
    const gen = generation.current;
    checkCaptcha(request, { id: puzzle.id, x, trace: d.trace }).then(
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

  function onPointerCancel(e: ReactPointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    setOffset(0);
    setPhase('ready');
  }

  const busy = phase === 'loading' || phase === 'checking';
  const rootClass = [styles.root, phase === 'failed' && styles.shake].filter(Boolean).join(' ');
  const handleClass = [styles.handle, phase === 'dragging' && styles.dragging, phase === 'ok' && styles.handleOk, phase === 'failed' && styles.handleFailed].filter(Boolean).join(' ');

  return (
    <div className={rootClass} style={{ width }} data-phase={phase}>
      <div className={styles.picture} style={{ width, height }}>
        {puzzle && phase !== 'loading' ? (
          <>
            <img className={styles.bg} src={puzzle.bg} width={width} height={height} alt="" draggable={false} />
            <img
              className={[styles.piece, phase === 'dragging' && styles.dragging].filter(Boolean).join(' ')}
              data-testid="captcha-piece"
              src={puzzle.piece}
              style={{ left: offset, top: puzzle.y }}
              onLoad={(e) => setPieceWidth(e.currentTarget.naturalWidth || CAPTCHA_PIECE)}
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

      <div className={styles.track} data-testid="captcha-track">
        <div className={styles.fill} style={{ width: offset > 0 ? offset + HANDLE_HALF : 0 }} />
        {offset === 0 && phase !== 'dragging' && <span className={styles.hint}>{t('captcha:slide')}</span>}
        <div
          className={handleClass}
          data-testid="captcha-handle"
          style={{ left: offset }}
          role="slider"
          aria-label={t('captcha:slide')}
          aria-valuemin={0}
          aria-valuemax={maxOffset}
          aria-valuenow={Math.round(offset)}
          aria-disabled={phase !== 'ready' && phase !== 'dragging'}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          {phase === 'ok' ? <CheckIcon /> : <ArrowIcon />}
        </div>
      </div>
    </div>
  );
}

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
const ArrowIcon = () => (
  <svg {...iconProps}>
    <path d="M5 12h14M13 6l6 6-6 6" />
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
