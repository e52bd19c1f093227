import { useState } from 'react';
import { type Sport, SportType } from '@livesports/contracts/matches-constants';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconTrophy } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { competitionsQuery, useAllMatch, useSeasonTable } from '../api/queries';
import { MatchList } from '../components/match-list';
import { StandingsTable } from '../components/standings-table';
import { localName } from '../lib/format';

const TABS = ['standings', 'fixtures', 'results'] as const;
const LIMIT = 30;

/** /base-football and /base-basketball: every competition's tables, fixtures and results, by season. */
export function CompetitionDataPage({ sport }: { sport: Sport }) {
  const { t, i18n } = useTranslation('matches');
  const [params, setParams] = useSearchParams();
  const type = SportType[sport];
  const comps = useQuery(competitionsQuery(type, 1));
  const id = Number(params.get('id')) || comps.data?.[0]?.id || 0;
  const comp = comps.data?.find((c) => c.id === id);
  const seasonParam = Number(params.get('season')) || undefined;
  const table = useSeasonTable(id, seasonParam);
  const season = seasonParam ?? table.data?.season_id;
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as (typeof TABS)[number]) : 'standings';
  const [page, setPage] = useState(1);
  const list = useAllMatch(
    { type, competition_id: id, ...(season ? { season_id: season } : {}), status: tab === 'fixtures' ? 'upcoming' : 'finished', page, limit: LIMIT },
    tab !== 'standings' && id > 0,
  );
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) v === undefined ? next.delete(k) : next.set(k, v);
    setParams(next, { replace: true });
    setPage(1);
  };

  return (
    <section className="page base-page" data-testid={`base-${sport}`}>
      <aside className="base-page__nav card" aria-label={t('base.competition')}>
        <h2>
          <IconTrophy size={16} /> {t(sport === 'football' ? 'title.baseFootball' : 'title.baseBasketball')}
        </h2>
        <ul>
          {comps.data?.map((c) => (
            <li key={c.id}>
              <button type="button" className={c.id === id ? 'is-active' : undefined} onClick={() => set({ id: String(c.id), season: undefined })}>
                <span className="comp-chip__dot" style={{ background: c.color }} aria-hidden />
                <span>{localName(c, i18n.language)}</span>
                {c.live_count > 0 && <span className="badge-live badge-live--sm">{c.live_count}</span>}
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <div className="base-page__main">
        {!comp ? (
          comps.isLoading ? (
            <Spinner />
          ) : (
            <EmptyState compact text={t('base.pick')} />
          )
        ) : (
          <>
            <header className="page__head base-page__head">
              <h1 className="page__title">
                <span className="comp-chip__dot comp-chip__dot--lg" style={{ background: comp.color }} aria-hidden />
                {localName(comp, i18n.language)}
              </h1>
              {!!table.data?.seasons.length && (
                <label className="base-page__season">
                  <span>{t('base.season')}</span>
                  <select value={season} onChange={(e) => set({ season: e.target.value })}>
                    {table.data.seasons.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </header>
            <nav className="m-tabs">
              {TABS.map((k) => (
                <button
                  key={k}
                  type="button"
                  className={['m-tabs__tab', tab === k && 'is-active'].filter(Boolean).join(' ')}
                  aria-pressed={tab === k}
                  onClick={() => set({ tab: k === 'standings' ? undefined : k })}
                >
                  {t(`base.${k}`)}
                </button>
              ))}
            </nav>
            {tab === 'standings' ? (
              table.isLoading ? (
                <Spinner />
              ) : table.data?.groups.length ? (
                <div className="base-page__tables">
                  {table.data.groups.map((g) => (
                    <StandingsTable key={g.name} name={g.name} rows={g.rows} sport={sport} />
                  ))}
                </div>
              ) : (
                <EmptyState compact text={t('table.empty')} />
              )
            ) : list.isLoading ? (
              <Spinner />
            ) : list.data?.list.length ? (
              <>
                <MatchList rows={list.data.list} grouped={false} />
                <Pager page={page} total={list.data.total} limit={LIMIT} onChange={setPage} labels={{ prev: '‹', next: '›', page: (n) => String(n) }} />
              </>
            ) : (
              <EmptyState compact text={t('list.empty')} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

export const BaseFootballPage = () => <CompetitionDataPage sport="football" />;
export const BaseBasketballPage = () => <CompetitionDataPage sport="basketball" />;
