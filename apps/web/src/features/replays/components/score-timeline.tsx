import { useTranslation } from 'react-i18next';
import { GOAL_KINDS, type EventKind } from '@livesports/contracts/matches-constants';
import type { ReplayDetail } from '@livesports/contracts/replays';
import { clock } from '../lib';

type Match = NonNullable<ReplayDetail['match']>;

/** The linked match beside the video: its score and every event of the broadcast; a click seeks there. */
export function ScoreTimeline({ match, time, onSeek }: { match: Match; time: number; onSeek: (t: number) => void }) {
  const { t } = useTranslation('replays');
  // The score as it stood at this second of the video.
  const passed = match.marks.filter((m) => m.t <= time && isGoal(m.kind));
  const now = passed.length ? passed[passed.length - 1] : null;
  return (
    <section className="card score-timeline" aria-labelledby="score-timeline-title" data-testid="score-timeline">
      <h2 id="score-timeline-title" className="card__title">
        {t('match.title')}
      </h2>
      <p className="score-timeline__score">
        <span>{match.home}</span>
        <strong data-testid="score-now">
          {now ? now.home_score : 0} : {now ? now.away_score : 0}
        </strong>
        <span>{match.away}</span>
      </p>
      {match.marks.length ? (
        <ol className="score-timeline__list">
          {match.marks.map((m, i) => (
            <li key={i}>
              <button
                type="button"
                className={['score-mark', m.t <= time && 'is-past', `score-mark--${isGoal(m.kind) ? 'goal' : m.kind}`].filter(Boolean).join(' ')}
                onClick={() => onSeek(Math.max(0, m.t - 3))}
                data-testid="goal-mark"
                data-t={m.t}
              >
                <span className="score-mark__minute">{m.minute}'</span>
                <span className="score-mark__kind">{t(`match.kinds.${m.kind}`, { defaultValue: m.kind })}</span>
                <span className="score-mark__who">
                  {m.player || (m.side ? match.home : match.away)}
                  {isGoal(m.kind) && ` · ${m.home_score}:${m.away_score}`}
                </span>
                <span className="score-mark__t">{clock(m.t)}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted small">{t('match.none')}</p>
      )}
    </section>
  );
}

export const isGoal = (kind: string) => GOAL_KINDS.includes(kind as EventKind);
