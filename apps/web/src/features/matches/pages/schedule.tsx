import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconCalendar } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useAllMatch } from '../api/queries';
import { MatchList } from '../components/match-list';
import { SettingsPanel } from '../components/settings-panel';
import { dayLabel, isoDay, tzOffset, weekdayOf } from '../lib/format';

const DAYS_BACK = 3;
const DAYS_AHEAD = 4;

/** /schedule: every match of one local day, football or basketball, in kick-off order. */
export function SchedulePage() {
  const { t, i18n } = useTranslation('matches');
  const [params, setParams] = useSearchParams();
  const today = new Date();
  today.setHours(12, 0, 0, 0);
  const days = Array.from({ length: DAYS_BACK + DAYS_AHEAD + 1 }, (_, i) => new Date(today.getTime() + (i - DAYS_BACK) * 86_400_000));
  const date = params.get('date') && /^\d{4}-\d{2}-\d{2}$/.test(params.get('date')!) ? params.get('date')! : isoDay(today);
  const type = params.get('type') === '2' ? 2 : 1;
  const list = useAllMatch({ type, date, tz: tzOffset(), limit: 300 });
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const label = (d: Date, i: number) =>
    i === DAYS_BACK ? t('schedule.today') : i === DAYS_BACK - 1 ? t('schedule.yesterday') : i === DAYS_BACK + 1 ? t('schedule.tomorrow') : weekdayOf(d, i18n.language);

  return (
    <section className="page matches-page" data-testid="schedule">
      <div className="matches-page__main">
        <header className="page__head matches-page__head">
          <h1 className="page__title">
            <IconCalendar size={20} /> {t('title.schedule')}
          </h1>
          <div className="m-tabs m-tabs--pills">
            {[1, 2].map((k) => (
              <button key={k} type="button" className={['m-tabs__tab', type === k && 'is-active'].filter(Boolean).join(' ')} onClick={() => set({ type: String(k) })}>
                {t(k === 1 ? 'sport.football' : 'sport.basketball')}
              </button>
            ))}
          </div>
        </header>
        <nav className="date-strip" aria-label={t('title.schedule')}>
          {days.map((d, i) => {
            const iso = isoDay(d);
            return (
              <button key={iso} type="button" className={['date-strip__day', iso === date && 'is-active'].filter(Boolean).join(' ')} aria-pressed={iso === date} onClick={() => set({ date: iso })}>
                <span>{label(d, i)}</span>
                <strong>{dayLabel(d, i18n.language)}</strong>
              </button>
            );
          })}
        </nav>
        {list.isLoading ? (
          <div className="matches-page__loading">
            <Spinner label={t('list.loading')} />
          </div>
        ) : list.data?.list.length ? (
          <MatchList rows={list.data.list} grouped={false} />
        ) : (
          <EmptyState compact icon={<IconCalendar />} text={t('schedule.empty')} />
        )}
      </div>
      <SettingsPanel sport={type === 2 ? 'basketball' : 'football'} />
    </section>
  );
}
