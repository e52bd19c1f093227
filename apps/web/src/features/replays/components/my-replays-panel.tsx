import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReplayStatus } from '@livesports/contracts/replays-constants';
import { replayPage } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Pager } from '@/shared/ui/pager';
import { useDeleteReplay, useMyReplays, useRecording, useSetHidden, useSetRecording } from '../api/replays';
import { clock, size } from '../lib';
import '../locales';
import '../replays.css';

const LIMIT = 10;

/** The anchor's replays in the studio (/member?type=9): recording on or off, each replay's size, hide, delete. */
export function MyReplaysPanel() {
  const { t, i18n } = useTranslation('replays');
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  const [page, setPage] = useState(1);
  const rec = useRecording(isAnchor);
  const list = useMyReplays(page, LIMIT, isAnchor);
  const setRec = useSetRecording((msg) => toast.success(msg));
  const hide = useSetHidden((msg) => toast.success(msg));
  const del = useDeleteReplay((msg) => toast.success(msg));
  if (!isAnchor) return null;
  const r = rec.data;
  return (
    <section className="card my-replays" aria-labelledby="my-replays-title" data-testid="my-replays">
      <h2 id="my-replays-title" className="card__title">
        {t('mine.title')}
        {list.data && (
          <span className="muted small" data-testid="replays-total-size">
            {t('mine.total', { count: list.data.total, size: size(list.data.total_bytes) })}
          </span>
        )}
      </h2>
      {r && (
        <div className="my-replays__rec">
          <label className="switch-row">
            <input type="checkbox" checked={r.record === 1} disabled={!r.available || setRec.isPending} onChange={(e) => setRec.mutate(e.target.checked ? 1 : 0)} data-testid="recording-toggle" />
            <span>{t('mine.record')}</span>
          </label>
          <span className="muted small">{r.available ? (r.keep_days ? t('mine.keep', { count: r.keep_days }) : t('mine.keepForever')) : t(`mine.unavailable.${r.reason ?? 'ffmpeg_off'}`)}</span>
        </div>
      )}
      {list.data?.list.length ? (
        <div className="live-table-wrap">
          <table className="live-table">
            <thead>
              <tr>
                <th>{t('mine.broadcast')}</th>
                <th>{t('mine.length')}</th>
                <th>{t('mine.size')}</th>
                <th>{t('mine.state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((x) => (
                <tr key={x.id} data-testid={`my-replay-${x.id}`}>
                  <td>
                    {x.status === ReplayStatus.READY ? <Link to={replayPage(x.room_id, x.id)}>{x.title}</Link> : x.title}
                    <span className="live-table__sub">{new Date(x.start_time).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                  </td>
                  <td>{clock(x.duration)}</td>
                  <td data-testid="replay-size">{size(x.bytes)}</td>
                  <td>
                    {x.status === ReplayStatus.RECORDING ? (
                      <span className="badge badge--ok">{t('mine.recording')}</span>
                    ) : x.hidden ? (
                      <span className="badge">{t('mine.hidden')}</span>
                    ) : (
                      <span className="badge badge--accent">{t('mine.public')}</span>
                    )}
                  </td>
                  <td className="my-replays__actions">
                    {x.status === ReplayStatus.READY && (
                      <Button size="sm" variant="ghost" onClick={() => hide.mutate({ id: x.id, hidden: x.hidden ? 0 : 1 })} data-testid="replay-hide">
                        {x.hidden ? t('mine.show') : t('mine.hide')}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" onClick={() => window.confirm(t('mine.deleteConfirm')) && del.mutate(x.id)} data-testid="replay-delete">
                      {t('mine.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState compact title={t('mine.emptyTitle')} text={t('mine.emptyText')} />
      )}
      <Pager page={page} total={list.data?.total ?? 0} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
    </section>
  );
}
