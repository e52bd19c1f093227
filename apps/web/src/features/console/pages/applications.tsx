import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { adminApplicationSchema } from '@livesports/contracts/live-anchor';
import { useApplications } from '../api/get-applications';
import { useReviewApplication } from '../api/review-application';
import { ConsolePageFrame, useConsoleTime } from '../components/console-page';
import { Field, QueueSplit, useQueueSelection } from '../components/queue';

type Application = z.infer<typeof adminApplicationSchema>;

/** /admin/applications: anchor applications waiting, oldest first; approve in one click, or reject with the reason the applicant will read. */
export function Component() {
  const { t } = useTranslation('console');
  const time = useConsoleTime(true);
  const list = useApplications();
  const pending = list.data?.list.filter((a) => a.state === 'submitted' || a.state === 'under_review');
  const { current, select } = useQueueSelection(pending, (a) => a.id);
  return (
    <ConsolePageFrame titleKey="applications.title" testId="console-applications" actions={pending && <span className="cs-muted">{t('queue.waiting', { count: pending.length })}</span>}>
      {list.data && (
        <QueueSplit
          testId="applications-queue"
          empty={!pending?.length}
          list={
            <table className="cs-table cs-table--select">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('applications.cols.user')}</th>
                  <th>{t('applications.cols.type')}</th>
                  <th>{t('applications.cols.at')}</th>
                </tr>
              </thead>
              <tbody>
                {pending?.map((a) => (
                  <tr key={a.id} className={a.id === current?.id ? 'is-selected' : undefined} onClick={() => select(a)} data-testid="application-row">
                    <td className="cs-mono">{a.id}</td>
                    <td>{a.nickname}</td>
                    <td>{t(`liveTypes.${a.live_type}`)}</td>
                    <td className="cs-mono cs-nowrap">{time(a.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          detail={current && <ApplicationDetail key={current.id} app={current} />}
        />
      )}
    </ConsolePageFrame>
  );
}

function ApplicationDetail({ app }: { app: Application }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const [reason, setReason] = useState('');
  const review = useReviewApplication();
  return (
    <div className="cs-card" data-testid="application-detail">
      <h2 className="cs-card__title">
        {t('applications.detail', { id: app.id })} · <span className="cs-tag">{t(`applications.states.${app.state}`)}</span>
      </h2>
      <div className="cs-kvs">
        <Field label={t('applications.fields.user')}>
          {app.nickname} <span className="cs-muted">#{app.uid}</span>
        </Field>
        <Field label={t('applications.fields.email')}>{app.email}</Field>
        <Field label={t('applications.fields.real_name')}>{app.real_name}</Field>
        <Field label={t('applications.fields.id_number')}>
          <span className="cs-mono">{app.id_number}</span>
        </Field>
        <Field label={t('applications.fields.live_type')}>{t(`liveTypes.${app.live_type}`)}</Field>
        <Field label={t('applications.fields.contact')}>{app.contact}</Field>
        <Field label={t('applications.fields.experience')} wide>
          {app.experience}
        </Field>
        <Field label={t('applications.fields.introduction')} wide>
          {app.introduction}
        </Field>
        {(app.inviter || app.invite_code) && (
          <Field label={t('applications.fields.inviter')}>
            {app.inviter} {app.invite_code}
          </Field>
        )}
        <Field label={t('applications.fields.at')}>{time(app.created_at)}</Field>
      </div>
      <div className="cs-actions">
        <button type="button" className="cs-btn cs-btn--ok" disabled={review.isPending} onClick={() => review.mutate({ id: app.id, decision: 'approve', reason: '' })} data-testid="approve">
          {t('applications.approve')}
        </button>
        <input className="cs-input cs-actions__reason" placeholder={t('applications.reasonHint')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} data-testid="reason" />
        <button
          type="button"
          className="cs-btn cs-btn--danger"
          disabled={review.isPending || !reason.trim()}
          onClick={() => review.mutate({ id: app.id, decision: 'reject', reason: reason.trim() })}
          data-testid="reject"
        >
          {t('applications.reject')}
        </button>
      </div>
    </div>
  );
}
