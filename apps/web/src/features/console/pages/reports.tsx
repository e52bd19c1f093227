import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_TARGET_TYPES, type ReportAction, type ReportGroup, type ReportTargetType } from '@livesports/contracts/console';
import { useConsoleMe } from '../api/get-me';
import { useReports } from '../api/get-reports';
import { useHandleReport } from '../api/handle-report';
import { ConsolePageFrame, useConsoleTime } from '../components/console-page';
import { Field, QueueSplit, useQueueSelection } from '../components/queue';

const HOURS = [1, 24, 72, 168, 720] as const;
const canHide = (type: ReportTargetType) => type === 'post' || type === 'comment' || type === 'article';
const keyOf = (g: Pick<ReportGroup, 'target_type' | 'target_id'>) => `${g.target_type}:${g.target_id}`;

/**
 * /admin/reports: reports grouped by what they are about (a post, a comment, a headline, a chat
 * line, a room), oldest waiting first; dismiss, hide the content, or mute / ban its author, for
 * every report of it at once.
 */
export function Component() {
  const { t } = useTranslation('console');
  const time = useConsoleTime(true);
  const [type, setType] = useState<ReportTargetType | ''>('');
  const list = useReports({ status: 'open', target_type: type || undefined, page: 1, limit: 50 });
  const groups = list.data?.list;
  const { current, select } = useQueueSelection(groups, keyOf);
  return (
    <ConsolePageFrame
      titleKey="reports.title"
      testId="console-reports"
      actions={
        <>
          <select className="cs-select" value={type} onChange={(e) => setType(e.target.value as ReportTargetType | '')} aria-label={t('reports.type')}>
            <option value="">{t('reports.allTypes')}</option>
            {REPORT_TARGET_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`reports.types.${k}`)}
              </option>
            ))}
          </select>
          {list.data && <span className="cs-muted">{t('queue.waiting', { count: list.data.total })}</span>}
        </>
      }
    >
      {list.data && (
        <QueueSplit
          testId="reports-queue"
          empty={!groups?.length}
          list={
            <table className="cs-table cs-table--select">
              <thead>
                <tr>
                  <th>{t('reports.cols.target')}</th>
                  <th>{t('reports.cols.excerpt')}</th>
                  <th className="cs-num">{t('reports.cols.count')}</th>
                  <th>{t('reports.cols.first')}</th>
                </tr>
              </thead>
              <tbody>
                {groups?.map((g) => (
                  <tr key={keyOf(g)} className={current && keyOf(current) === keyOf(g) ? 'is-selected' : undefined} onClick={() => select(g)} data-testid="report-row">
                    <td className="cs-nowrap">
                      <span className="cs-tag">{t(`reports.types.${g.target_type}`)}</span> <span className="cs-mono">#{g.target_id}</span>
                    </td>
                    <td className="cs-ellipsis">{g.content?.title || g.content?.text || g.reports[0]?.detail || g.author?.nickname || '—'}</td>
                    <td className="cs-num">{g.count}</td>
                    <td className="cs-mono cs-nowrap">{time(g.first_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          detail={current && <ReportDetail key={keyOf(current)} g={current} />}
        />
      )}
    </ConsolePageFrame>
  );
}

function ReportDetail({ g }: { g: ReportGroup }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number | ''>(24);
  const act = useHandleReport();
  // Bans are the administrators' (they end sessions and broadcasts); moderators mute.
  const isAdmin = useConsoleMe().data?.role === 'admin';
  const run = (action: ReportAction) =>
    act.mutate({ target_type: g.target_type, target_id: g.target_id, action, reason: reason.trim(), hours: action === 'mute' || action === 'ban' ? hours || undefined : undefined });
  const needReason = !reason.trim();
  return (
    <div className="cs-card" data-testid="report-detail">
      <h2 className="cs-card__title">
        {t(`reports.types.${g.target_type}`)} #{g.target_id} · {t('reports.reportedBy', { count: g.count })}
      </h2>
      <div className="cs-quote" data-testid="report-content">
        {g.content ? (
          <>
            {g.content.title && <div className="cs-quote__title">{g.content.title}</div>}
            {g.content.text && <div>{g.content.text}</div>}
            {!g.content.visible && <span className="cs-tag cs-tag--warn">{t('reports.hidden')}</span>}
          </>
        ) : (
          <span className="cs-muted">{t('reports.gone')}</span>
        )}
      </div>
      <div className="cs-kvs">
        <Field label={t('reports.author')}>
          {g.author ? (
            <>
              {g.author.nickname} <span className="cs-muted">#{g.author.id}</span> {g.author.sanction && <span className="cs-tag cs-tag--warn">{t(`reports.sanctions.${g.author.sanction}`)}</span>}
            </>
          ) : (
            '—'
          )}
        </Field>
        <Field label={t('reports.reasons')}>
          {Object.entries(g.reasons).map(([r, n]) => (
            <span key={r} className="cs-tag">
              {t(`reports.reasonNames.${r}`, { defaultValue: r })} × {n}
            </span>
          ))}
        </Field>
      </div>
      <table className="cs-table cs-table--inner">
        <tbody>
          {g.reports.map((r, i) => (
            <tr key={i}>
              <td className="cs-nowrap">{r.reporter.nickname}</td>
              <td className="cs-nowrap">{t(`reports.reasonNames.${r.reason}`, { defaultValue: r.reason })}</td>
              <td>{r.detail}</td>
              <td className="cs-mono cs-nowrap">{time(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="cs-actions">
        <input
          className="cs-input cs-actions__reason cs-actions__reason--full"
          placeholder={t('reports.reasonHint')}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          data-testid="reason"
        />
        <button type="button" className="cs-btn" disabled={act.isPending} onClick={() => run('dismiss')} data-testid="dismiss">
          {t('reports.actions.dismiss')}
        </button>
        {canHide(g.target_type) && (
          <button type="button" className="cs-btn cs-btn--danger" disabled={act.isPending || needReason || g.content?.visible === false} onClick={() => run('hide')} data-testid="hide">
            {t('reports.actions.hide')}
          </button>
        )}
        <select className="cs-select" value={hours} onChange={(e) => setHours(e.target.value ? Number(e.target.value) : '')} aria-label={t('reports.length')}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {t('reports.hours', { count: h })}
            </option>
          ))}
          <option value="">{t('reports.permanent')}</option>
        </select>
        <button type="button" className="cs-btn cs-btn--danger" disabled={act.isPending || needReason || !g.author || hours === ''} onClick={() => run('mute')} data-testid="mute">
          {t('reports.actions.mute')}
        </button>
        {isAdmin && (
          <button type="button" className="cs-btn cs-btn--danger" disabled={act.isPending || needReason || !g.author} onClick={() => run('ban')} data-testid="ban">
            {t('reports.actions.ban')}
          </button>
        )}
      </div>
    </div>
  );
}
