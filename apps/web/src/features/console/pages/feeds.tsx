import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedStatus } from '../api/get-feed-status';
import { useMediaStatus } from '../api/get-media-status';
import { useRotateFeedToken } from '../api/rotate-feed-token';
import { ConsolePageFrame, useConsoleTime } from '../components/console-page';
import { ReasonForm } from '../components/reason-form';
import { StreamFigures, StreamWarnings } from '../components/stream-health-cells';
import '../console-ops.css';

const Dot = ({ ok }: { ok: boolean }) => <span className={`cs-dot ${ok ? 'cs-dot--ok' : 'cs-dot--bad'}`} aria-hidden />;

/** /admin/feeds: match sources (last write and event each), the embedded replay, the feed token; the media side. */
export function Component() {
  const { t } = useTranslation('console');
  const { t: th } = useTranslation('live-health');
  const feeds = useFeedStatus();
  const media = useMediaStatus();
  const time = useConsoleTime();
  const at = (iso: string | null) => (iso ? time(iso) : '—');
  const [asking, setAsking] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const rotate = useRotateFeedToken((d) => {
    setAsking(false);
    setToken(d.token);
  });
  const f = feeds.data;
  const m = media.data;
  return (
    <ConsolePageFrame titleKey="feeds.title" testId="console-feeds">
      <div className="cs-grid">
        <section className="cs-card cs-span-all" data-testid="feeds-sources">
          <h2 className="cs-card__title">{t('feeds.sources')}</h2>
          <table className="cs-table">
            <thead>
              <tr>
                <th>{t('feeds.cols.source')}</th>
                <th className="cs-num">{t('feeds.cols.matches')}</th>
                <th>{t('feeds.cols.lastWrite')}</th>
                <th>{t('feeds.cols.lastEvent')}</th>
              </tr>
            </thead>
            <tbody>
              {f?.sources.map((s) => (
                <tr key={s.source}>
                  <td className="cs-nowrap">{t(`feeds.sourceNames.${s.source}`, { defaultValue: s.source })}</td>
                  <td className="cs-num">{s.matches}</td>
                  <td className="cs-mono cs-nowrap">{at(s.last_write_at)}</td>
                  <td className="cs-mono cs-nowrap">{at(s.last_event_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="cs-card__title cs-card__title--gap">{t('feeds.replay')}</h2>
          <table className="cs-table">
            <thead>
              <tr>
                <th>{t('feeds.cols.sport')}</th>
                <th>{t('feeds.cols.state')}</th>
                <th className="cs-num">{t('feeds.cols.cursor')}</th>
                <th>{t('feeds.cols.nextKickoff')}</th>
                <th>{t('feeds.cols.owner')}</th>
              </tr>
            </thead>
            <tbody>
              {f?.replay.map((r) => (
                <tr key={r.sport}>
                  <td className="cs-nowrap">{t(`feeds.sports.${r.sport}`, { defaultValue: r.sport })}</td>
                  <td className="cs-nowrap">
                    <Dot ok={r.active} />
                    {t(r.active ? 'feeds.running' : 'feeds.stopped')}
                  </td>
                  <td className="cs-num">
                    {r.cursor} / {r.cycle}
                  </td>
                  <td className="cs-mono cs-nowrap">{at(r.next_kickoff)}</td>
                  <td className="cs-mono" title={r.owner}>
                    {r.owner ? r.owner.slice(0, 8) : '—'}
                  </td>
                </tr>
              ))}
              {f && f.replay.length === 0 && (
                <tr>
                  <td colSpan={5} className="cs-table__empty">
                    {t('feeds.noReplay')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>

        <section className="cs-card" data-testid="feeds-token">
          <h2 className="cs-card__title">{t('feeds.token')}</h2>
          {f && (
            <dl className="cs-kv">
              <dt>{t('feeds.tokenOrigin')}</dt>
              <dd>{t(`feeds.origins.${f.token.origin}`)}</dd>
              <dt>{t('feeds.tokenWhere')}</dt>
              <dd className="cs-mono">{f.token.hint}</dd>
              <dt>{t('feeds.rotatedAt')}</dt>
              <dd className="cs-mono">{at(f.token.rotated_at)}</dd>
            </dl>
          )}
          <div className="cs-form__foot">
            {asking ? (
              <ReasonForm
                label={t('feeds.rotateConfirm')}
                confirmLabel={t('feeds.rotate')}
                danger
                pending={rotate.isPending}
                onConfirm={(reason) => rotate.mutate({ reason })}
                onCancel={() => setAsking(false)}
              />
            ) : (
              <button type="button" className="cs-btn cs-btn--danger" onClick={() => setAsking(true)} data-testid="feeds-rotate">
                {t('feeds.rotate')}
              </button>
            )}
          </div>
          {token && (
            <div className="cs-secret" data-testid="feeds-new-token">
              <span className="cs-muted">{t('feeds.newToken')}</span>
              <code className="cs-mono">{token}</code>
              <button type="button" className="cs-btn cs-btn--xs" onClick={() => void navigator.clipboard?.writeText(token)}>
                {t('feeds.copy')}
              </button>
            </div>
          )}
        </section>

        <section className="cs-card" data-testid="media-status">
          <h2 className="cs-card__title">{t('feeds.media')}</h2>
          {m && (
            <dl className="cs-kv">
              <dt>{t('feeds.ingest')}</dt>
              <dd>
                <Dot ok={m.ingest} />
                {m.ingest ? <span className="cs-mono">{m.rtmp_url}</span> : t('feeds.ingestOff')}
              </dd>
              <dt>ffmpeg</dt>
              <dd>
                <Dot ok={!!m.ffmpeg} />
                {m.ffmpeg ? <span className="cs-mono">{m.ffmpeg}</span> : t('feeds.ffmpegMissing')}
              </dd>
              <dt>{t('feeds.liveRooms')}</dt>
              <dd>{m.live_rooms}</dd>
              <dt>{t('feeds.bus')}</dt>
              <dd className="cs-mono">{m.bus}</dd>
            </dl>
          )}
          <table className="cs-table cs-block">
            <thead>
              <tr>
                <th>{t('feeds.cols.room')}</th>
                <th>{t('feeds.cols.transcode')}</th>
                <th>{t('feeds.cols.levels')}</th>
                <th className="cs-num">{t('feeds.cols.viewers')}</th>
                <th className="cs-num">{t('feeds.cols.restarts')}</th>
              </tr>
            </thead>
            <tbody>
              {m?.streams.map((s) => [
                <tr key={s.room_id}>
                  <td>
                    <span className="cs-mono">#{s.room_id}</span> {s.title}
                  </td>
                  <td className="cs-nowrap">
                    <Dot ok={s.transcoding} />
                    {t(s.transcoding ? 'feeds.running' : 'feeds.stopped')}
                  </td>
                  <td className="cs-mono">{s.levels.map((l) => (l.height ? `${l.level} ${l.height}p` : l.level)).join(' · ')}</td>
                  <td className="cs-num">{s.viewers}</td>
                  <td className="cs-num">{s.restarts}</td>
                </tr>,
                // The stream's health under its row, full width: figures, rungs and the anchor's warnings.
                <tr key={`${s.room_id}-health`} className="cs-health-row">
                  <td colSpan={5}>
                    <span className="cs-muted">{th('title')}: </span>
                    <StreamFigures h={s.health} />
                    <StreamWarnings h={s.health} />
                  </td>
                </tr>,
              ])}
              {m && m.streams.length === 0 && (
                <tr>
                  <td colSpan={5} className="cs-table__empty">
                    {t('feeds.noStreams')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <p className="cs-muted">{t('feeds.perProcess')}</p>
        </section>
      </div>
    </ConsolePageFrame>
  );
}
