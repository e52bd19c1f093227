import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RANK_BOARDS, RANK_PERIODS, type RankBoard, type RankPeriod } from '@livesports/contracts/economy-rank';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { IconTrophy } from '@/shared/ui/icons';
import '@/shared/i18n/messages';
import { useLeaderboard } from '../api/rank';
import { ShareBar, TrendChart } from '../components/charts';
import { Coins } from '../components/coins';
import { NobleBadge, WealthBadge } from '../components/noble-badge';
import '../locales';
import '../economy.css';

/** /rank: popularity (coins anchors received) and generosity (coins fans gave), by period, from the ledger. */
export function RankPage() {
  const { t } = useTranslation('economy');
  const [params, setParams] = useSearchParams();
  const board: RankBoard = (RANK_BOARDS as readonly string[]).includes(params.get('board') ?? '') ? (params.get('board') as RankBoard) : 'popularity';
  const period: RankPeriod = (RANK_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as RankPeriod) : 'week';
  const rank = useLeaderboard(board, period);
  const set = (k: string, v: string) => {
    const p = new URLSearchParams(params);
    p.set(k, v);
    setParams(p, { replace: true });
  };
  const list = rank.data?.list ?? [];
  const top = list.slice(0, 3);
  const max = list[0]?.value ?? 0;
  const total = rank.data?.series.reduce((s, d) => s + d.value, 0) ?? 0;

  return (
    <section className="page eco-rank" data-testid="rank-page">
      <header className="page__head eco-rank__head">
        <h1 className="page__title">{t('rank.title')}</h1>
        <div className="eco-rank__controls">
          <div className="eco-seg" role="tablist" aria-label={t('rank.board')}>
            {RANK_BOARDS.map((b) => (
              <button key={b} type="button" role="tab" aria-selected={board === b} className={board === b ? 'is-active' : undefined} onClick={() => set('board', b)} data-testid={`rank-board-${b}`}>
                {t(`rank.boards.${b}`)}
              </button>
            ))}
          </div>
          <div className="tabs tabs--pills" role="tablist" aria-label={t('rank.period')}>
            {RANK_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={period === p}
                className={period === p ? 'tabs__tab is-active' : 'tabs__tab'}
                onClick={() => set('period', p)}
                data-testid={`rank-period-${p}`}
              >
                {t(`rank.periods.${p}`)}
              </button>
            ))}
          </div>
        </div>
      </header>

      <div className="eco-rank__grid">
        <div className="eco-rank__main">
          {rank.isLoading ? (
            <Spinner />
          ) : !list.length ? (
            <div className="card">
              <EmptyState icon={<IconTrophy size={40} />} title={t('rank.emptyTitle')} text={t(`rank.empty.${board}`)} />
            </div>
          ) : (
            <>
              <ol className="eco-podium">
                {top.map((r) => (
                  <li key={r.user.id} className={`eco-podium__item eco-podium__item--${r.rank}`}>
                    <span className="eco-podium__crown" aria-hidden>
                      {r.rank}
                    </span>
                    <Avatar src={r.user.avatar} size={r.rank === 1 ? 72 : 56} />
                    <strong className="eco-podium__name">{r.user.user_nickname}</strong>
                    <span className="eco-podium__badges">
                      <WealthBadge level={r.user.wealth_level} />
                      {r.user.noble && <NobleBadge tier={r.user.noble} />}
                    </span>
                    <Coins value={r.value} />
                  </li>
                ))}
              </ol>
              <ol className="card eco-rank__list" data-testid="rank-list">
                {list.map((r) => (
                  <li key={r.user.id} className="eco-rank__row" data-testid="rank-row" data-user={r.user.id}>
                    <span className={`eco-rank-n eco-rank-n--${r.rank}`}>{r.rank}</span>
                    <Avatar src={r.user.avatar} size={32} />
                    <span className="eco-rank__who">
                      <strong>{r.user.user_nickname}</strong>
                      <span className="eco-rank__badges">
                        <WealthBadge level={r.user.wealth_level} />
                        {r.user.noble && <NobleBadge tier={r.user.noble} />}
                        {board === 'popularity' && <span className="badge badge--accent">{t('rank.anchor')}</span>}
                      </span>
                    </span>
                    <ShareBar value={r.value} max={max} />
                    <span className="eco-rank__value">
                      <Coins value={r.value} />
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
        <aside className="eco-rank__side">
          <div className="card">
            <h2 className="card__title">{t(`rank.trend.${board}`)}</h2>
            <p className="eco-rank__total">
              <Coins value={total} />
              <span className="muted">{t('rank.trendDays', { n: rank.data?.series.length ?? 0 })}</span>
            </p>
            {rank.data && <TrendChart series={rank.data.series} label={t(`rank.trend.${board}`)} />}
          </div>
          <div className="card eco-rank__how">
            <h2 className="card__title">{t('rank.howTitle')}</h2>
            <p className="muted">{t(`rank.how.${board}`)}</p>
          </div>
        </aside>
      </div>
    </section>
  );
}
