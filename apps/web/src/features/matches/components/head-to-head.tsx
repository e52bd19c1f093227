import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormEntry, MatchRow } from '@livesports/contracts/matches';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { useHeadToHead } from '../api/queries';
import { teamName, teamPage } from '../lib/format';
import { CompactMatch } from './compact-match';
import { FormChips } from './form-chips';
import { TeamBadge } from './team-badge';

/** Wins of each side and draws as one split bar, goals under it. */
function Summary({ row, s }: { row: MatchRow; s: { played: number; home_wins: number; draws: number; away_wins: number; home_goals: number; away_goals: number } }) {
  const { t, i18n } = useTranslation('matches');
  const pct = (n: number) => `${(100 * n) / Math.max(s.played, 1)}%`;
  return (
    <div className="h2h-sum" data-testid="h2h-summary">
      <div className="h2h-sum__nums">
        <span className="h2h-sum__side h2h-sum__side--home">
          <b data-testid="h2h-home-wins">{s.home_wins}</b>
          <small>{t('h2h.winsOf', { team: teamName(row, 'home', i18n.language) })}</small>
        </span>
        <span className="h2h-sum__side">
          <b data-testid="h2h-draws">{s.draws}</b>
          <small>{t('h2h.draws')}</small>
        </span>
        <span className="h2h-sum__side h2h-sum__side--away">
          <b data-testid="h2h-away-wins">{s.away_wins}</b>
          <small>{t('h2h.winsOf', { team: teamName(row, 'away', i18n.language) })}</small>
        </span>
      </div>
      <div className="h2h-sum__bar" aria-hidden>
        <span className="h2h-sum__bar-home" style={{ width: pct(s.home_wins) }} />
        <span className="h2h-sum__bar-draw" style={{ width: pct(s.draws) }} />
        <span className="h2h-sum__bar-away" style={{ width: pct(s.away_wins) }} />
      </div>
      <p className="h2h-sum__goals">{t('h2h.summary', { count: s.played, home: s.home_goals, away: s.away_goals })}</p>
    </div>
  );
}

function SideForm({ row, side, form }: { row: MatchRow; side: 'home' | 'away'; form: FormEntry[] }) {
  const { t, i18n } = useTranslation('matches');
  const id = row[`${side}_team_id`];
  return (
    <div className="h2h-form" data-testid={`h2h-form-${side}`}>
      <header className="h2h-form__head">
        <Link to={teamPage(id)} className="h2h-form__team" data-testid={`h2h-team-${side}`}>
          <TeamBadge name={row[`${side}_team_name_en`]} logo={row[`${side}_team_logo`]} size={20} />
          <span>{teamName(row, side, i18n.language)}</span>
        </Link>
        <FormChips entries={form} teamId={id} />
      </header>
      {form.length ? form.map((e) => <CompactMatch key={e.match.id} row={e.match} result={e.result} bold={id} />) : <EmptyState compact text={t('h2h.noForm')} />}
    </div>
  );
}

/** The match page's head-to-head: past meetings of the two teams, and each side's last five. */
export function HeadToHead({ row }: { row: MatchRow }) {
  const { t } = useTranslation('matches');
  const q = useHeadToHead(row.id);
  if (q.isLoading) return <Spinner label={t('list.loading')} />;
  if (!q.data) return <EmptyState compact text={t('h2h.none')} />;
  const d = q.data;
  return (
    <div className="h2h" data-testid="head-to-head">
      <section className="h2h__block">
        <h3 className="h2h__title">{t('h2h.meetings')}</h3>
        {d.summary.played ? (
          <>
            <Summary row={row} s={d.summary} />
            <div className="cm-list" data-testid="h2h-meetings">
              {d.meetings.map((m) => (
                <CompactMatch key={m.id} row={m} />
              ))}
            </div>
          </>
        ) : (
          <EmptyState compact text={t('h2h.none')} />
        )}
      </section>
      <section className="h2h__block">
        <h3 className="h2h__title">{t('h2h.form')}</h3>
        <div className="h2h__forms">
          <SideForm row={row} side="home" form={d.home_form} />
          <SideForm row={row} side="away" form={d.away_form} />
        </div>
      </section>
    </div>
  );
}

/** Each side's last five under its name on the scoreboard (nothing until loaded). */
export function ScoreboardForm({ row, side }: { row: MatchRow; side: 'home' | 'away' }) {
  const q = useHeadToHead(row.id);
  const form = q.data?.[`${side}_form`];
  if (!form?.length) return null;
  return <FormChips entries={form} teamId={row[`${side}_team_id`]} testId={`form-${side}`} />;
}
