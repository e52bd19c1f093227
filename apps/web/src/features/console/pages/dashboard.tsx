import { useTranslation } from 'react-i18next';
import type { Dashboard, DashboardDay } from '@livesports/contracts/console';
import { useDashboard } from '../api/get-dashboard';
import { ConsolePageFrame } from '../components/console-page';
import { LineChart } from '../components/line-chart';
import { coins } from '../components/queue';

type MoneyKey = 'recharge_coins' | 'gift_coins' | 'withdrawals_paid' | 'revenue';
const sum = (days: DashboardDay[], k: keyof DashboardDay) => days.reduce((a, d) => a + (Number(d[k]) || 0), 0);

/** /admin: the site now (rooms, viewers, sockets, matches, chat) and today / the last 30 days (people; money for administrators). */
export function Component() {
  const { t, i18n } = useTranslation('console');
  const q = useDashboard();
  const d = q.data;
  const clock = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { timeStyle: 'medium' });
  return (
    <ConsolePageFrame titleKey="dashboard.title" testId="console-dashboard" actions={d && <span className="cs-muted">{t('dashboard.updated', { time: clock.format(new Date(d.generated_at)) })}</span>}>
      {d && <DashboardBody d={d} />}
    </ConsolePageFrame>
  );
}

function Tile({ label, value, sub, testId }: { label: string; value: string | number; sub?: string; testId?: string }) {
  return (
    <div className="cs-tile" data-testid={testId}>
      <div className="cs-tile__label">{label}</div>
      <div className="cs-tile__value">{typeof value === 'number' ? value.toLocaleString() : value}</div>
      {sub && <div className="cs-tile__sub">{sub}</div>}
    </div>
  );
}

function DashboardBody({ d }: { d: Dashboard }) {
  const { t } = useTranslation('console');
  const today = d.days[d.days.length - 1];
  const days = d.days.map((x) => x.day);
  const money = (k: MoneyKey) => d.days.map((x) => (x[k] ?? 0) / 10);
  return (
    <>
      <h2 className="cs-section">{t('dashboard.now')}</h2>
      <div className="cs-tiles">
        <Tile label={t('dashboard.liveRooms')} value={d.now.live_rooms} testId="tile-live-rooms" />
        <Tile label={t('dashboard.viewers')} value={d.now.viewers} testId="tile-viewers" />
        <Tile
          label={t('dashboard.sockets')}
          value={Object.values(d.now.sockets).reduce((a, b) => a + b, 0)}
          sub={Object.entries(d.now.sockets)
            .map(([k, n]) => `${k} ${n}`)
            .join(' · ')}
          testId="tile-sockets"
        />
        <Tile label={t('dashboard.matchesLive')} value={d.now.matches_live} />
        <Tile label={t('dashboard.chatPerMinute')} value={d.now.chat_per_minute} />
      </div>

      <h2 className="cs-section">{t('dashboard.today')}</h2>
      <div className="cs-tiles">
        <Tile label={t('dashboard.signups')} value={today.signups} sub={t('dashboard.last30', { value: sum(d.days, 'signups').toLocaleString() })} testId="tile-signups" />
        <Tile label={t('dashboard.active')} value={today.active_users} sub={t('dashboard.last30', { value: sum(d.days, 'active_users').toLocaleString() })} />
        {d.money && (
          <>
            <Tile
              label={t('dashboard.recharges')}
              value={coins(today.recharge_coins ?? 0)}
              sub={t('dashboard.orders', { count: today.recharge_orders ?? 0 }) + ' · ' + t('dashboard.last30', { value: coins(sum(d.days, 'recharge_coins')) })}
              testId="tile-recharges"
            />
            <Tile
              label={t('dashboard.gifts')}
              value={coins(today.gift_coins ?? 0)}
              sub={t('dashboard.sends', { count: today.gift_sends ?? 0 }) + ' · ' + t('dashboard.last30', { value: coins(sum(d.days, 'gift_coins')) })}
            />
            <Tile
              label={t('dashboard.withdrawalsPaid')}
              value={coins(today.withdrawals_paid ?? 0)}
              sub={t('dashboard.payments', { count: today.withdrawals_paid_count ?? 0 }) + ' · ' + t('dashboard.last30', { value: coins(sum(d.days, 'withdrawals_paid')) })}
            />
            <Tile label={t('dashboard.revenue')} value={coins(today.revenue ?? 0)} sub={t('dashboard.last30', { value: coins(sum(d.days, 'revenue')) })} testId="tile-revenue" />
          </>
        )}
      </div>
      {d.money && <p className="cs-muted cs-hint">{t('dashboard.coinsNote')}</p>}

      <h2 className="cs-section">{t('dashboard.last30Title')}</h2>
      <div className="cs-charts">
        <div className="cs-card">
          <h3 className="cs-card__title">{t('dashboard.people')}</h3>
          <LineChart
            testId="chart-people"
            dayLabel={t('dashboard.day')}
            days={days}
            series={[
              { label: t('dashboard.signups'), values: d.days.map((x) => x.signups), color: 'var(--accent)' },
              { label: t('dashboard.active'), values: d.days.map((x) => x.active_users), color: 'var(--ok)' },
            ]}
          />
        </div>
        {d.money && (
          <div className="cs-card">
            <h3 className="cs-card__title">{t('dashboard.money')}</h3>
            <LineChart
              testId="chart-money"
              dayLabel={t('dashboard.day')}
              days={days}
              format={(v) => v.toLocaleString(undefined, { maximumFractionDigits: 1 })}
              series={[
                { label: t('dashboard.recharges'), values: money('recharge_coins'), color: 'var(--accent)' },
                { label: t('dashboard.gifts'), values: money('gift_coins'), color: 'var(--warn)' },
                { label: t('dashboard.revenue'), values: money('revenue'), color: 'var(--ok)' },
                { label: t('dashboard.withdrawalsPaid'), values: money('withdrawals_paid'), color: '#6ea8fe' },
              ]}
            />
          </div>
        )}
      </div>
    </>
  );
}
