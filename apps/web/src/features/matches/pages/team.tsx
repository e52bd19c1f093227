import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageSpinner } from '@/shared/ui/spinner';
import { useTeam } from '../api/queries';
import { CompactMatch } from '../components/compact-match';
import { FormChips } from '../components/form-chips';
import { useLiveRows } from '../components/match-list';
import { StandingsTable } from '../components/standings-table';
import { FollowTeam } from '../components/follow-team';
import { TeamBadge } from '../components/team-badge';
import { localName } from '../lib/format';
import { resultOf } from '../lib/result';

/**
 * /team?id= (and /m/team?id= on the phone): a team's fixtures (in play first, scores live through
 * the score socket), results, record, last five and its table in every competition it plays.
 */
export function TeamPage() {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useTeam(id);
  const fixtures = useLiveRows(q.data?.fixtures);
  if (!id) return <EmptyState title={t('team.notFound')} />;
  if (q.isLoading) return <PageSpinner />;
  if (!q.data) return <EmptyState title={t('team.notFound')} />;
  const d = q.data;
  const r = d.record;
  return (
    <section className="page team-page" data-testid="team-page" data-team-id={d.team.id}>
      <header className="team-head card">
        <TeamBadge name={d.team.name_en} logo={d.team.logo} size={56} />
        <div className="team-head__main">
          <h1 data-testid="team-name">{localName(d.team, lang)}</h1>
          <FollowTeam teamId={d.team.id} />
          <p className="team-head__record" data-testid="team-record">
            {t('team.record', { played: r.played, won: r.won, drawn: r.drawn, lost: r.lost })}
            <span>{t('team.goals', { for: r.goals_for, against: r.goals_against })}</span>
          </p>
        </div>
        <div className="team-head__form">
          <small>{t('h2h.lastFive')}</small>
          <FormChips entries={d.form} teamId={d.team.id} testId="team-form" />
        </div>
      </header>
      <div className="team-page__grid">
        <div className="team-page__col">
          <section className="card team-block" data-testid="team-fixtures">
            <h2 className="team-block__title">{t('team.fixtures')}</h2>
            {fixtures.length ? fixtures.map((m) => <CompactMatch key={m.id} row={m} bold={d.team.id} />) : <EmptyState compact text={t('team.noFixtures')} />}
          </section>
          <section className="card team-block" data-testid="team-results">
            <h2 className="team-block__title">{t('team.results')}</h2>
            {d.results.length ? d.results.map((m) => <CompactMatch key={m.id} row={m} result={resultOf(m, d.team.id)} bold={d.team.id} />) : <EmptyState compact text={t('team.noResults')} />}
          </section>
        </div>
        <section className="card team-block" data-testid="team-standings">
          <h2 className="team-block__title">{t('team.standings')}</h2>
          {d.standings.length ? (
            d.standings.map((s) => (
              <div key={s.competition_id} className="team-standing" data-testid="team-standing">
                <h3 className="team-standing__comp" style={{ color: s.competition_color }}>
                  {localName({ name_zh: s.competition_name_zh, name_en: s.competition_name_en, name_es: s.competition_name_es }, lang)}
                  <small>{s.season}</small>
                </h3>
                <StandingsTable name={s.group.name} rows={s.group.rows} sport={d.team.sport} highlight={[d.team.id]} />
              </div>
            ))
          ) : (
            <EmptyState compact text={t('table.empty')} />
          )}
        </section>
      </div>
    </section>
  );
}
