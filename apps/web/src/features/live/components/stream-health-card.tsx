import { useTranslation } from 'react-i18next';
import type { StreamHealth } from '@livesports/contracts/live-health';
import { IconAlert, IconCheck, IconVideo } from '@/shared/ui/icons';
import { useStreamHealth } from '../api/stream-health';
import '../locales';
import './stream-health.css';
// The warnings' texts: the server's catalogue as namespace 'msg'.
import '@/shared/i18n/messages';

/**
 * The studio's stream health (issue #50 item 4): what the site receives from the anchor's encoder,
 * polled every few seconds while it is shown (the room is open), and warnings that say what to change in OBS.
 * The warnings' texts come from the server's catalogue (namespace msg), rendered here in the
 * page's language from their code and numbers.
 */
export function StreamHealthCard() {
  const { t } = useTranslation('live-health');
  const health = useStreamHealth(true);
  const h = health.data;
  return (
    <section className="card stream-health" aria-labelledby="stream-health-title" data-testid="stream-health" data-receiving={h?.receiving ? 'yes' : 'no'}>
      <h2 id="stream-health-title" className="card__title">
        <IconVideo size={16} /> {t('title')}
        <span className="muted small stream-health__updated">{t('updated')}</span>
      </h2>
      {!h?.receiving ? <p className="muted">{t('waiting')}</p> : <Figures h={h} />}
    </section>
  );
}

function Figures({ h }: { h: StreamHealth }) {
  const { t } = useTranslation('live-health');
  const none = t('none');
  const figures: Array<[string, string, string]> = [
    ['bitrate', t('bitrate'), h.bitrate_kbps ? t('kbps', { value: h.bitrate_kbps }) : none],
    ['fps', t('fps'), h.fps ? t('fpsValue', { value: h.fps }) : none],
    ['keyframe', t('keyframe'), h.keyframe_interval_s !== null ? t('seconds', { value: h.keyframe_interval_s }) : none],
    ['size', t('size'), h.height ? `${h.width}×${h.height}` : none],
    ['dropped', t('dropped'), String(h.dropped_frames)],
    ['late', t('late'), String(h.late_frames)],
  ];
  const warned = new Set(h.warnings.map((w) => w.code));
  const bad: Record<string, boolean> = { keyframe: warned.has('keyframe_far'), bitrate: warned.has('bitrate_high'), dropped: warned.has('frames_dropped') };
  return (
    <>
      {h.warnings.length ? (
        <ul className="stream-health__warnings" role="alert" aria-label={t('warnings')}>
          {h.warnings.map((w) => (
            <li key={w.code} className="stream-health__warning" data-testid={`health-warning-${w.code}`}>
              <IconAlert size={16} />
              <span>{t(`msg:live_health.${w.code}`, w.params)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="stream-health__ok" data-testid="health-ok">
          <IconCheck size={16} /> {t('allGood')}
        </p>
      )}
      <dl className="stream-health__figures">
        {figures.map(([key, label, value]) => (
          <div key={key} className={bad[key] ? 'stream-health__figure stream-health__figure--bad' : 'stream-health__figure'} data-testid={`health-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="stream-health__rungs" aria-label={t('rungs')}>
        <span className="muted small">{t('rungs')}</span>
        {h.rungs.map((r) => (
          <span key={r.level} className={`stream-health__rung stream-health__rung--${r.up ? 'up' : 'down'}`} data-testid={`health-rung-${r.level}`} data-up={r.up ? 'yes' : 'no'}>
            {t(`levels.${r.level}`)}
            {r.height ? ` ${r.height}p` : ''} · {t(r.up ? 'up' : 'down')}
          </span>
        ))}
        {h.restarts > 0 && <span className="muted small">{`${t('restarts')}: ${h.restarts}`}</span>}
      </div>
    </>
  );
}
