import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { adminWithdrawalSchema } from '@livesports/contracts/economy-withdrawal';
import { usePendingWithdrawals, useWithdrawalHistory } from '../api/get-withdrawals';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import { ConsolePageFrame, useConsoleTime } from '../components/console-page';
import { Field, QueueSplit, coins, useQueueSelection } from '../components/queue';

type Withdrawal = z.infer<typeof adminWithdrawalSchema>;

/** /admin/withdrawals: withdrawals waiting, oldest first; pay in one click or reject with a reason (the money goes back). */
export function Component() {
  const { t } = useTranslation('console');
  const time = useConsoleTime(true);
  const list = usePendingWithdrawals();
  const pending = list.data?.list;
  const { current, select } = useQueueSelection(pending, (w) => w.id);
  return (
    <ConsolePageFrame titleKey="withdrawals.title" testId="console-withdrawals" actions={list.data && <span className="cs-muted">{t('queue.waiting', { count: list.data.total })}</span>}>
      {list.data && (
        <QueueSplit
          testId="withdrawals-queue"
          empty={!pending?.length}
          list={
            <table className="cs-table cs-table--select">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('withdrawals.cols.user')}</th>
                  <th className="cs-num">{t('withdrawals.cols.amount')}</th>
                  <th>{t('withdrawals.cols.at')}</th>
                </tr>
              </thead>
              <tbody>
                {pending?.map((w) => (
                  <tr key={w.id} className={w.id === current?.id ? 'is-selected' : undefined} onClick={() => select(w)} data-testid="withdrawal-row">
                    <td className="cs-mono">{w.id}</td>
                    <td>{w.user.user_nickname}</td>
                    <td className="cs-num">{coins(w.money)}</td>
                    <td className="cs-mono cs-nowrap">{time(w.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          detail={current && <WithdrawalDetail key={current.id} w={current} />}
        />
      )}
    </ConsolePageFrame>
  );
}

function WithdrawalDetail({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const [reason, setReason] = useState('');
  const review = useReviewWithdrawal();
  const history = useWithdrawalHistory(w.user.id);
  return (
    <div className="cs-card" data-testid="withdrawal-detail">
      <h2 className="cs-card__title">{t('withdrawals.detail', { id: w.id })}</h2>
      <div className="cs-kvs">
        <Field label={t('withdrawals.fields.user')}>
          {w.user.user_nickname} <span className="cs-muted">#{w.user.id}</span>
        </Field>
        <Field label={t('withdrawals.fields.method')}>{t(`withdrawals.methods.${w.type}`)}</Field>
        <Field label={t('withdrawals.fields.holder')}>{w.holder}</Field>
        <Field label={t('withdrawals.fields.account')}>
          <span className="cs-mono">{w.full_account}</span> {w.bank_name}
        </Field>
        <Field label={t('withdrawals.fields.amount')}>
          <strong>{coins(w.money)}</strong> <span className="cs-muted">{t('withdrawals.coins')}</span>
        </Field>
        <Field label={t('withdrawals.fields.payout')}>{(w.payout / 100).toFixed(2)}</Field>
        <Field label={t('withdrawals.fields.at')}>{time(w.created_at)}</Field>
      </div>
      <div className="cs-actions">
        <button type="button" className="cs-btn cs-btn--ok" disabled={review.isPending} onClick={() => review.mutate({ id: w.id, decision: 'approve' })} data-testid="approve">
          {t('withdrawals.approve')}
        </button>
        <input className="cs-input cs-actions__reason" placeholder={t('withdrawals.reasonHint')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        <button type="button" className="cs-btn cs-btn--danger" disabled={review.isPending || !reason.trim()} onClick={() => review.mutate({ id: w.id, decision: 'reject', reason: reason.trim() })}>
          {t('withdrawals.reject')}
        </button>
      </div>
      <h3 className="cs-card__title cs-card__title--sub">{t('withdrawals.history')}</h3>
      <table className="cs-table cs-table--inner">
        <thead>
          <tr>
            <th>#</th>
            <th className="cs-num">{t('withdrawals.cols.amount')}</th>
            <th>{t('withdrawals.cols.status')}</th>
            <th>{t('withdrawals.cols.at')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data?.list.map((h) => (
            <tr key={h.id}>
              <td className="cs-mono">{h.id}</td>
              <td className="cs-num">{coins(h.money)}</td>
              <td>
                {h.status_name}
                {h.reason && <span className="cs-muted"> · {h.reason}</span>}
              </td>
              <td className="cs-mono cs-nowrap">{time(h.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
