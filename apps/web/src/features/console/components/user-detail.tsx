import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleUserDetail, Sanction } from '@livesports/contracts/console-users';
import { adminPage } from '@/config/paths';
import { ApiError } from '@/shared/api/client';
import { Avatar } from '@/shared/ui/avatar';
import { PageSpinner } from '@/shared/ui/spinner';
import { useUser } from '../api/get-user';
import { useUserLedger } from '../api/get-user-ledger';
import { useUserOrders } from '../api/get-user-orders';
import { useUserReports } from '../api/get-user-reports';
import { useUserRooms } from '../api/get-user-rooms';
import { useUserSanctions } from '../api/get-user-sanctions';
import { useUserWithdrawals } from '../api/get-user-withdrawals';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from './console-page';
import { LiftDialog, SanctionDialog } from './sanction-dialog';
import { UserRoles, UserStanding } from './user-badges';

const LIMIT = 50;
const TABS = ['profile', 'wallet', 'orders', 'withdrawals', 'rooms', 'reports', 'sanctions'] as const;
type Tab = (typeof TABS)[number];
const MONEY_TABS: Tab[] = ['wallet', 'orders', 'withdrawals'];

/** Tenths of a coin as coins ("12.5"). */
const coins = (tenths: number) => (tenths / 10).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** One user's page: who they are, their standing and the staff actions, then a tab per subject. */
export function UserDetail({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [params, setParams] = useSearchParams();
  const user = useUser(id);
  const [dialog, setDialog] = useState<'mute' | 'ban' | null>(null);
  const asked = params.get('tab') as Tab | null;

  if (user.isPending) return <PageSpinner />;
  if (user.error)
    return (
      <ConsolePageFrame titleKey="menu.users">
        <p className="cs-muted">{user.error instanceof ApiError && user.error.kind !== 'network' ? user.error.message : t('notFound')}</p>
        <Link to={adminPage('users')} className="cs-btn">
          {t('back')}
        </Link>
      </ConsolePageFrame>
    );
  const u = user.data;
  const tabs = TABS.filter((x) => u.can.money || !MONEY_TABS.includes(x));
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'profile';
  const setTab = (x: Tab) => setParams(x === 'profile' ? { id: String(id) } : { id: String(id), tab: x });

  return (
    <ConsolePageFrame
      titleKey="menu.users"
      testId="console-user-page"
      actions={
        <>
          <Link to={adminPage('users')} className="cs-btn">
            ← {t('back')}
          </Link>
          <button type="button" className="cs-btn cs-btn--danger" disabled={!u.can.mute} onClick={() => setDialog('mute')} data-testid="user-mute">
            {t('actions.mute')}
          </button>
          <button type="button" className="cs-btn cs-btn--danger" disabled={!u.can.ban} onClick={() => setDialog('ban')} data-testid="user-ban">
            {t('actions.ban')}
          </button>
        </>
      }
    >
      <div className="cs-userhead">
        <Avatar src={u.avatar} size={40} alt="" />
        <div>
          <div className="cs-userhead__name">
            {u.nickname} <span className="cs-muted cs-mono">#{u.id}</span>
          </div>
          <div className="cs-userhead__tags">
            <UserRoles user={u} />
            <UserStanding status={u.status} sanctions={u.sanctions} />
          </div>
        </div>
      </div>
      <div className="cs-tabs" role="tablist">
        {tabs.map((x) => (
          <button key={x} type="button" role="tab" aria-selected={tab === x} className={tab === x ? 'cs-tabs__tab is-active' : 'cs-tabs__tab'} onClick={() => setTab(x)} data-testid={`user-tab-${x}`}>
            {t(`tabs.${x}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'profile' && <ProfileTab u={u} />}
        {tab === 'wallet' && <LedgerTab id={id} />}
        {tab === 'orders' && <OrdersTab id={id} />}
        {tab === 'withdrawals' && <WithdrawalsTab id={id} />}
        {tab === 'rooms' && <RoomsTab id={id} />}
        {tab === 'reports' && <ReportsTab id={id} />}
        {tab === 'sanctions' && <SanctionsTab id={id} />}
      </div>
      {dialog && <SanctionDialog user={u} kind={dialog} onClose={() => setDialog(null)} />}
    </ConsolePageFrame>
  );
}

function ProfileTab({ u }: { u: ConsoleUserDetail }) {
  const { t } = useTranslation('console-users');
  const time = useConsoleTime();
  const rows: Array<[string, ReactNode]> = [
    ['id', <span className="cs-mono">{u.id}</span>],
    ['nickname', u.nickname],
    ['email', u.email ?? <span className="cs-muted">{u.can.money ? '—' : t('profile.hidden')}</span>],
    ['signature', u.signature || '—'],
    ['sex', t(`profile.sexes.${u.sex}`, { defaultValue: '—' })],
    ['inviteCode', <span className="cs-mono">{u.invite_code}</span>],
    [
      'invitedBy',
      u.invited_by ? (
        <Link to={`${adminPage('users')}?id=${u.invited_by.id}`}>
          {u.invited_by.nickname} #{u.invited_by.id}
        </Link>
      ) : (
        '—'
      ),
    ],
    ['anchorExp', u.anchor_exp.toLocaleString()],
    ['wealthExp', coins(u.wealth_exp)],
    ['sessions', u.sessions],
    ['thirdParty', u.third_party.join(', ') || '—'],
    ['joined', time(u.created_at)],
  ];
  const counts: Array<[string, number]> = [
    ['posts', u.counts.posts],
    ['comments', u.counts.comments],
    ['articles', u.counts.articles],
    ['reportsAgainst', u.counts.reports_against],
    ['sanctionCount', u.counts.sanctions],
  ];
  return (
    <div className="cs-profile">
      <dl className="cs-card cs-dl" data-testid="user-profile">
        {rows.map(([k, v]) => (
          <div key={k} className="cs-dl__row">
            <dt>{t(`profile.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="cs-profile__side">
        <dl className="cs-card cs-dl">
          {counts.map(([k, v]) => (
            <div key={k} className="cs-dl__row">
              <dt>{t(`profile.${k}`)}</dt>
              <dd className="cs-num">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="cs-card">
          <h2 className="cs-card__title">{t('profile.active')}</h2>
          {u.sanctions.length ? <UserStanding status={u.status} sanctions={u.sanctions} /> : <span className="cs-muted">{t('profile.none')}</span>}
          {u.sanctions.map((s) => (
            <p key={s.kind} className="cs-muted cs-small">
              {s.reason}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A paged table of one tab: the head, the rows (or the empty line) and the pager. */
function TabTable({
  head,
  rows,
  empty,
  total,
  page,
  onPage,
  testId,
}: {
  head: ReactNode[];
  rows: ReactNode[] | undefined;
  empty: string;
  total: number;
  page: number;
  onPage: (p: number) => void;
  testId: string;
}) {
  return (
    <>
      <table className="cs-table cs-table--mid" data-testid={testId}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows}
          {rows && rows.length === 0 && (
            <tr>
              <td colSpan={head.length} className="cs-table__empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {rows && total > LIMIT && <ConsolePager page={page} total={total} limit={LIMIT} onChange={onPage} />}
    </>
  );
}

function LedgerTab({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserLedger({ id, page, limit: LIMIT });
  const time = useConsoleTime();
  const c = (k: string) => t(`wallet.cols.${k}`);
  return (
    <>
      {q.data && (
        <div className="cs-wallets" data-testid="user-wallets">
          <div className="cs-card">
            <h2 className="cs-card__title">{t('wallet.consumption')}</h2>
            <div className="cs-big">{t('wallet.coins', { value: coins(q.data.wallets.consumption) })}</div>
          </div>
          <div className="cs-card">
            <h2 className="cs-card__title">{t('wallet.income')}</h2>
            <div className="cs-big">{t('wallet.coins', { value: coins(q.data.wallets.income) })}</div>
          </div>
        </div>
      )}
      <TabTable
        testId="user-ledger"
        head={[c('time'), c('op'), c('kind'), c('wallet'), c('amount'), c('balance'), c('counterpart'), c('room')]}
        empty={t('wallet.empty')}
        total={q.data?.total ?? 0}
        page={page}
        onPage={setPage}
        rows={q.data?.list.map((l) => (
          <tr key={`${l.id}:${l.wallet}:${l.amount}`}>
            <td className="cs-mono cs-nowrap">{time(l.created_at)}</td>
            <td className="cs-mono">#{l.op_id}</td>
            <td className="cs-mono">{l.kind}</td>
            <td>{t(`wallet.wallets.${l.wallet}`)}</td>
            <td className={`cs-num cs-mono ${l.amount < 0 ? 'cs-neg' : 'cs-pos'}`}>
              {l.amount > 0 ? '+' : ''}
              {coins(l.amount)}
            </td>
            <td className="cs-num cs-mono">{l.balance_after == null ? '' : coins(l.balance_after)}</td>
            <td className="cs-mono">{l.counterpart}</td>
            <td className="cs-mono">{l.room_id ?? ''}</td>
          </tr>
        ))}
      />
    </>
  );
}

function OrdersTab({ id }: { id: number }) {
  const { t, i18n } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserOrders({ id, page, limit: LIMIT });
  const time = useConsoleTime();
  const c = (k: string) => t(`orders.cols.${k}`);
  const money = (cents: number, currency: string) => {
    try {
      return new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
    } catch {
      return `${(cents / 100).toFixed(2)} ${currency}`;
    }
  };
  return (
    <TabTable
      testId="user-orders"
      head={[c('no'), c('time'), c('coins'), c('price'), c('provider'), c('status'), c('paid')]}
      empty={t('orders.empty')}
      total={q.data?.total ?? 0}
      page={page}
      onPage={setPage}
      rows={q.data?.list.map((o) => (
        <tr key={o.id}>
          <td className="cs-mono">{o.order_no}</td>
          <td className="cs-mono cs-nowrap">{time(o.created_at)}</td>
          <td className="cs-num cs-mono">{coins(o.coins)}</td>
          <td className="cs-num cs-mono">{money(o.money, o.currency)}</td>
          <td>{o.provider}</td>
          <td>
            <span className={`cs-tag cs-tag--${o.status === 'paid' ? 'ok' : o.status === 'failed' ? 'ban' : 'mute'}`}>{t(`orders.status.${o.status}`, { defaultValue: o.status })}</span>
          </td>
          <td className="cs-mono cs-nowrap">{o.paid_at ? time(o.paid_at) : ''}</td>
        </tr>
      ))}
    />
  );
}

function WithdrawalsTab({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserWithdrawals({ id, page, limit: LIMIT });
  const time = useConsoleTime();
  const c = (k: string) => t(`withdrawals.cols.${k}`);
  return (
    <TabTable
      testId="user-withdrawals"
      head={[c('id'), c('time'), c('method'), c('money'), c('payout'), c('status'), c('reason'), c('reviewed')]}
      empty={t('withdrawals.empty')}
      total={q.data?.total ?? 0}
      page={page}
      onPage={setPage}
      rows={q.data?.list.map((w) => (
        <tr key={w.id}>
          <td className="cs-mono">{w.id}</td>
          <td className="cs-mono cs-nowrap">{time(w.created_at)}</td>
          <td>{t(`withdrawals.method.${w.method}`, { defaultValue: String(w.method) })}</td>
          <td className="cs-num cs-mono">{coins(w.money)}</td>
          <td className="cs-num cs-mono">{coins(w.payout)}</td>
          <td>
            <span className={`cs-tag cs-tag--${w.status === 1 ? 'ok' : w.status === 2 ? 'ban' : 'mute'}`}>{t(`withdrawals.status.${w.status}`, { defaultValue: String(w.status) })}</span>
          </td>
          <td>{w.reason}</td>
          <td className="cs-mono cs-nowrap">{w.reviewed_at ? time(w.reviewed_at) : ''}</td>
        </tr>
      ))}
    />
  );
}

function RoomsTab({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserRooms({ id, page, limit: LIMIT });
  const time = useConsoleTime();
  const c = (k: string) => t(`rooms.cols.${k}`);
  if (q.data && !q.data.room) return <p className="cs-card cs-muted">{t('rooms.none')}</p>;
  const room = q.data?.room;
  return (
    <>
      {room && (
        <div className="cs-card cs-room" data-testid="user-room">
          <h2 className="cs-card__title">{t('rooms.room')}</h2>
          <div>
            <span className="cs-mono">#{room.room_id}</span> {room.title}{' '}
            <span className={`cs-tag cs-tag--${room.status === 2 ? 'ok' : 'none'}`}>{t(`rooms.status.${room.status}`, { defaultValue: String(room.status) })}</span>
            {room.live_since && room.status === 2 && <span className="cs-muted"> · {t('rooms.since', { time: time(room.live_since) })}</span>}
          </div>
        </div>
      )}
      <TabTable
        testId="user-broadcasts"
        head={[c('id'), c('title'), c('started'), c('ended'), c('peak')]}
        empty={t('rooms.empty')}
        total={q.data?.total ?? 0}
        page={page}
        onPage={setPage}
        rows={q.data?.list.map((b) => (
          <tr key={b.id}>
            <td className="cs-mono">{b.id}</td>
            <td>{b.title}</td>
            <td className="cs-mono cs-nowrap">{time(b.started_at)}</td>
            <td className="cs-mono cs-nowrap">{b.ended_at ? time(b.ended_at) : t('rooms.running')}</td>
            <td className="cs-num cs-mono">{b.peak_viewers}</td>
          </tr>
        ))}
      />
    </>
  );
}

function ReportsTab({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserReports({ id, page, limit: LIMIT });
  const time = useConsoleTime();
  const c = (k: string) => t(`reports.cols.${k}`);
  return (
    <TabTable
      testId="user-reports"
      head={[c('time'), c('target'), c('reason'), c('detail'), c('reporter'), c('status')]}
      empty={t('reports.empty')}
      total={q.data?.total ?? 0}
      page={page}
      onPage={setPage}
      rows={q.data?.list.map((r) => (
        <tr key={r.id}>
          <td className="cs-mono cs-nowrap">{time(r.created_at)}</td>
          <td className="cs-mono">
            {r.target_type}:{r.target_id}
          </td>
          <td>{r.reason}</td>
          <td>{r.detail}</td>
          <td>{r.reporter ? <Link to={`${adminPage('users')}?id=${r.reporter.id}`}>{`${r.reporter.nickname} #${r.reporter.id}`}</Link> : ''}</td>
          <td>
            <span className={`cs-tag cs-tag--${r.status === 'open' ? 'mute' : 'none'}`}>{t(`reports.status.${r.status}`, { defaultValue: r.status })}</span>
          </td>
        </tr>
      ))}
    />
  );
}

function SanctionsTab({ id }: { id: number }) {
  const { t } = useTranslation('console-users');
  const [page, setPage] = useState(1);
  const q = useUserSanctions({ id, page, limit: LIMIT });
  const user = useUser(id);
  const time = useConsoleTime();
  const [lifting, setLifting] = useState<Sanction | null>(null);
  const c = (k: string) => t(`sanctions.cols.${k}`);
  const state = (s: Sanction) => (s.active ? 'active' : s.lifted_at ? 'lifted' : 'over');
  const canLift = (s: Sanction) => s.active && !!user.data && (s.kind === 'ban' ? user.data.can.ban : user.data.can.mute);
  return (
    <>
      <TabTable
        testId="user-sanctions"
        head={[c('kind'), c('reason'), c('created'), c('by'), c('ends'), c('lifted'), c('state'), '']}
        empty={t('sanctions.empty')}
        total={q.data?.total ?? 0}
        page={page}
        onPage={setPage}
        rows={q.data?.list.map((s) => (
          <tr key={s.id} data-testid="sanction-row">
            <td>
              <span className={`cs-tag cs-tag--${s.kind}`}>{t(`sanctions.kind.${s.kind}`)}</span>
            </td>
            <td>{s.reason}</td>
            <td className="cs-mono cs-nowrap">{time(s.created_at)}</td>
            <td className="cs-nowrap">{s.created_by ? `${s.created_by.nickname} #${s.created_by.id}` : ''}</td>
            <td className="cs-mono cs-nowrap">{s.ends_at ? time(s.ends_at) : t('sanctions.permanent')}</td>
            <td className="cs-nowrap">{s.lifted_at ? `${time(s.lifted_at)}${s.lifted_by ? ` · ${s.lifted_by.nickname}` : ''}` : ''}</td>
            <td>
              <span className={`cs-tag cs-tag--${state(s) === 'active' ? s.kind : 'none'}`}>{t(`sanctions.state.${state(s)}`)}</span>
            </td>
            <td className="cs-num">
              {canLift(s) && (
                <button type="button" className="cs-btn cs-btn--xs" onClick={() => setLifting(s)} data-testid="sanction-lift">
                  {t('actions.lift')}
                </button>
              )}
            </td>
          </tr>
        ))}
      />
      {lifting && <LiftDialog sanction={lifting} onClose={() => setLifting(null)} />}
    </>
  );
}
