import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { useAppStore } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { IconClose } from '@/shared/ui/icons';
import { request } from '@/shared/api/client';
import { reserveList } from '@/shared/api/call-refs';
import { alertDecision, useAlertScope } from '../live/alert-scope';
import { ensureScoreSocket, onAlert } from '../live/socket';
import { useLive } from '../live/store';
import { playWhistle } from '../live/whistle';
import { scoreLivePage, teamName } from '../lib/format';

/** How long a pop-up stays unless closed. */
const ALERT_MS = 12_000;
/** How often the reserved matches are read again (a reservation made in another tab shows by then). */
const RESERVED_REFRESH_MS = 60_000;

/**
 * Goal and card pop-ups on every page (spec §2 goal notifications): minute, teams and score,
 * closable; a goal plays the whistle for 6 s when the voice setting is on; red and yellow cards
 * follow gameSeting and immediately.value1. Which matches pop up at all is the fan's choice
 * (live/alert-scope.ts: by default reserved matches, followed teams and the match on screen).
 * Mounted once by the layout; it also opens the tab's score connection.
 */
export function ScoreAlerts() {
  const { t, i18n } = useTranslation('matches');
  const alerts = useLive((s) => s.alerts);
  const dismiss = useLive((s) => s.dismissAlert);
  const islogin = useAuthStore((s) => s.islogin);
  // The matches this user reserved, read when an alert arrives (the listener is set once). Fetched
  // here, not with a query hook: the phone's layout mounts the pop-ups outside the query client.
  const reservedIds = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    reservedIds.current = new Set();
    if (!islogin) return;
    let live = true;
    const load = () =>
      request(reserveList, { type: 0 })
        .then((list) => live && (reservedIds.current = new Set(list.map((m) => m.id))))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, RESERVED_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [islogin]);

  useEffect(() => {
    ensureScoreSocket();
    return onAlert((a) => {
      const { gameSeting, immediately } = useAppStore.getState();
      const { scope, teams, onScreen } = useAlertScope.getState();
      const decided = alertDecision(a, { scope, teams, onScreen, reserved: reservedIds.current, rows: useLive.getState().rows, cards: immediately.value1, game: gameSeting });
      if (!decided.show) return;
      useLive.getState().pushAlert(a);
      if (decided.whistle) playWhistle();
    });
  }, []);

  useEffect(() => {
    if (!alerts.length) return;
    const oldest = Math.min(...alerts.map((a) => a.at));
    const timer = setTimeout(
      () => {
        for (const a of useLive.getState().alerts) if (Date.now() - a.at >= ALERT_MS - 50) dismiss(a.key);
      },
      Math.max(0, oldest + ALERT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [alerts, dismiss]);

  if (!alerts.length) return null;
  const lang = i18n.language;
  return (
    <div className="score-alerts" role="status" aria-live="polite">
      {alerts.map((a) => (
        <div key={a.key} className={`score-alert score-alert--${a.type}`} data-testid="goal-alert">
          <div className="score-alert__head">
            <span className="score-alert__kind">
              <span className={`score-alert__icon score-alert__icon--${a.type}`} aria-hidden />
              {t(`alert.${a.type}`)}
            </span>
            <span className="score-alert__minute">{a.match_str}</span>
            <button type="button" className="icon-btn" aria-label={t('alert.close')} onClick={() => dismiss(a.key)}>
              <IconClose size={14} />
            </button>
          </div>
          <Link to={scoreLivePage(a.match_id)} className="score-alert__body" onClick={() => dismiss(a.key)}>
            <span className={['score-alert__team', a.iszhu === 1 && 'is-scorer'].filter(Boolean).join(' ')}>{teamName(a, 'home', lang)}</span>
            <strong className="score-alert__score">
              {a.home_score} - {a.away_score}
            </strong>
            <span className={['score-alert__team', a.iszhu === 0 && 'is-scorer'].filter(Boolean).join(' ')}>{teamName(a, 'away', lang)}</span>
          </Link>
          {a.player && <div className="score-alert__player">{a.player}</div>}
        </div>
      ))}
    </div>
  );
}
