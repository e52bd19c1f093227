import { useTranslation } from 'react-i18next';
import type { StreamHealth } from '@livesports/contracts/live-health';
// The warnings' texts are the server's catalogue (namespace msg), as the anchor's studio shows them.
import '@/shared/i18n/messages';

/**
 * A live room's stream health on the console's media page, in a row under the room's: the figures
 * and rungs, and the warnings its anchor sees in the studio (issue #50 item 4).
 */
export function StreamFigures({ h }: { h: StreamHealth }) {
  const { t } = useTranslation('live-health');
  if (!h.receiving) return <span className="cs-muted">{t('notReceiving')}</span>;
  const parts = [
    h.bitrate_kbps ? t('kbps', { value: h.bitrate_kbps }) : t('none'),
    h.fps ? t('fpsValue', { value: h.fps }) : t('none'),
    `${t('keyframe')} ${h.keyframe_interval_s !== null ? t('seconds', { value: h.keyframe_interval_s }) : t('none')}`,
    `${t('dropped')} ${h.dropped_frames}`,
    `${t('late')} ${h.late_frames}`,
  ];
  return <span data-testid={`media-health-${h.room_id}`}>{[...parts, ...h.rungs.map((r) => `${r.level} ${t(r.up ? 'up' : 'down')}`)].join(' · ')}</span>;
}

export function StreamWarnings({ h }: { h: StreamHealth }) {
  const { t } = useTranslation('live-health');
  if (!h.warnings.length) return null;
  return (
    <ul className="cs-health-warnings" aria-label={t('warnings')} data-testid={`media-warnings-${h.room_id}`}>
      {h.warnings.map((w) => (
        <li key={w.code} data-code={w.code}>
          {t(`msg:live_health.${w.code}`, w.params)}
        </li>
      ))}
    </ul>
  );
}
