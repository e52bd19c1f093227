import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { useQuery } from '@tanstack/react-query';
import { type Sport, SportType } from '@livesports/contracts/matches-constants';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { competitionsQuery, useAllMatch } from '../api/queries';
import { MatchList } from '../components/match-list';
import { SettingsPanel } from '../components/settings-panel';
import { isoDay, localName, tzOffset } from '../lib/format';

const TABS = ['all', 'live', 'upcoming', 'finished', 'collected'] as const;
type Tab = (typeof TABS)[number];

/** /football and /basketball: live, upcoming and finished matches by competition, live without reload. */
export function MatchesPage({ sport }: { sport: Sport }) {
  const { t, i18n } = useTranslation('matches');
  const [params, setParams] = useSearchParams();
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const type = SportType[sport];
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  const competition = Number(params.get('competition')) || undefined;
  const comps = useQuery(competitionsQuery(type));
  const input = {
    type,
    status: tab === 'collected' ? 'all' : tab,
    collected: tab === 'collected' ? 1 : 0,
    ...(competition ? { competition_id: competition } : {}),
    // "All" is today's card (kick-off order); the other tabs reach further.
    ...(tab === 'all' ? { date: isoDay(new Date()), tz: tzOffset() } : {}),
    limit: tab === 'finished' ? 100 : 200,
  };
  const list = useAllMatch(input, tab !== 'collected' || islogin);
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) v === undefined ? next.delete(k) : next.set(k, v);
    setParams(next, { replace: true });
  };
  const liveCount = comps.data?.reduce((n, c) => n + c.live_count, 0) ?? 0;

  return (
    <section className="page matches-page" data-testid={`matches-${sport}`}>
      <div className="matches-page__main">
        <header className="page__head matches-page__head">
          <h1 className="page__title">{t(`title.${sport}`)}</h1>
          {liveCount > 0 && <span className="badge-live">{t('list.liveNow', { count: liveCount })}</span>}
        </header>
        <nav className="m-tabs" aria-label={t(`title.${sport}`)}>
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              className={['m-tabs__tab', tab === k && 'is-active'].filter(Boolean).join(' ')}
              aria-pressed={tab === k}
              onClick={() => (k === 'collected' && !islogin ? openLogin('login') : set({ tab: k === 'all' ? undefined : k }))}
            >
              {t(`tabs.${k}`)}
            </button>
          ))}
        </nav>
        <div className="m-tabs m-tabs--pills comp-chips">
          <button type="button" className={['m-tabs__tab', !competition && 'is-active'].filter(Boolean).join(' ')} onClick={() => set({ competition: undefined })}>
            {t('list.allCompetitions')}
          </button>
          {comps.data?.map((c) => (
            <button key={c.id} type="button" className={['m-tabs__tab', competition === c.id && 'is-active'].filter(Boolean).join(' ')} onClick={() => set({ competition: String(c.id) })}>
              <span className="comp-chip__dot" style={{ background: c.color }} aria-hidden />
              {localName(c, i18n.language)}
              {c.live_count > 0 && <span className="m-tabs__count">{c.live_count}</span>}
            </button>
          ))}
        </div>
        {list.isLoading ? (
          <div className="matches-page__loading">
            <Spinner label={t('list.loading')} />
          </div>
        ) : list.data?.list.length ? (
          <MatchList rows={list.data.list} />
        ) : (
          <EmptyState compact text={t(tab === 'collected' ? 'list.emptyCollected' : 'list.empty')} />
        )}
      </div>
      <SettingsPanel sport={sport} />
    </section>
  );
}

export const FootballPage = () => <MatchesPage sport="football" />;
export const BasketballPage = () => <MatchesPage sport="basketball" />;
