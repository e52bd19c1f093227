import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../api/get-member-info';

/** A running site-wide mute (or ban) of the member's account: what it means, until when, and why. */
export function SanctionNotice() {
  const { t, i18n } = useTranslation('member');
  const { data: info } = useMemberInfo();
  if (!info?.sanctions?.length) return null;
  const fmt = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      {info.sanctions.map((s) => (
        <div key={s.kind} className={`sanction-notice sanction-notice--${s.kind}`} role="status" data-testid={`member-sanction-${s.kind}`}>
          <strong className="sanction-notice__title">{t(`sanction.title_${s.kind}`)}</strong>
          <span className="sanction-notice__when">{s.ends_at ? t('sanction.until', { until: fmt.format(new Date(s.ends_at)) }) : t('sanction.forever')}</span>
          {s.kind === 'mute' && <p className="sanction-notice__text">{t('sanction.text_mute')}</p>}
          <p className="sanction-notice__text">{t('sanction.reason', { reason: s.reason })}</p>
        </div>
      ))}
    </>
  );
}
