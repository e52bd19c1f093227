import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { Input } from '@/shared/ui/input';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { IconShield } from '@/shared/ui/icons';
import { useAdminWithdrawals, useReviewWithdrawal } from '../api/withdrawals';
import { Coins, Money } from './coins';
import { when } from './ledger-list';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

const LIMIT = 10;

/** Administrators: pending withdrawals with the full account, to pay (approve) or reject with a reason. */
export function AdminWithdrawals() {
  const { t } = useTranslation('economy');
  const [status, setStatus] = useState<0 | 1 | 2 | undefined>(0);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const list = useAdminWithdrawals(status, page, LIMIT, true);
  const review = useReviewWithdrawal((msg) => {
    toast.success(msg);
    setRejecting(null);
    setReason('');
  });
  const rows = list.data?.list ?? [];
  return (
    <div className="eco-ledger" data-testid="admin-withdrawals">
      <div className="eco-seg" role="radiogroup">
        {([0, 1, 2, undefined] as const).map((s) => (
          <button key={String(s)} type="button" role="radio" aria-checked={status === s} className={status === s ? 'is-active' : undefined} onClick={() => (setStatus(s), setPage(1))}>
            {s === undefined ? t('ledger.all') : t(`msg:economy.withdraw_status_${s}`)}
          </button>
        ))}
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : !rows.length ? (
        <EmptyState compact icon={<IconShield size={32} />} title={t('review.emptyTitle')} text={t('review.empty')} />
      ) : (
        <ul className="eco-review">
          {rows.map((w) => (
            <li key={w.id} className="eco-review__item" data-testid="review-row">
              <Avatar src={w.user.avatar} size={36} />
              <div className="eco-review__who">
                <strong>{w.user.user_nickname}</strong>
                <span className="muted">
                  #{w.id} · {when(w.created_at)}
                </span>
              </div>
              <div className="eco-review__to">
                <span>{w.type === 1 ? `${w.bank_name} ${w.full_account}` : `Alipay ${w.full_account}`}</span>
                <span className="muted">{w.holder}</span>
              </div>
              <div className="eco-review__amount">
                <Coins value={w.money} />
                <Money cents={w.payout} currency="CNY" />
              </div>
              {w.status === 0 ? (
                <div className="eco-review__actions">
                  <Button
                    size="sm"
                    loading={review.isPending && review.variables?.id === w.id && review.variables.approve}
                    onClick={() => review.mutate({ id: w.id, approve: true })}
                    data-testid="review-approve"
                  >
                    {t('review.approve')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setRejecting(w.id)} data-testid="review-reject">
                    {t('review.reject')}
                  </Button>
                </div>
              ) : (
                <span className={`eco-status eco-status--w${w.status}`}>{w.status_name}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={list.data?.total ?? 0} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
      <Dialog open={rejecting !== null} onOpenChange={(o) => !o && setRejecting(null)} title={t('review.rejectTitle')} width={440} testId="reject-dialog">
        <Input label={t('review.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="reject-reason" />
        <p className="muted eco-note">{t('review.rejectNote')}</p>
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setRejecting(null)}>
            {t('common.cancel')}
          </Button>
          <Button loading={review.isPending} disabled={!reason.trim()} onClick={() => rejecting && review.mutate({ id: rejecting, approve: false, reason })} data-testid="reject-confirm">
            {t('review.reject')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
