import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { useComingSoon } from '@/shared/stores/coming-soon';
import { IconBell, IconDownload, IconPhone, IconTrophy, IconTv } from '@/shared/ui/icons';
import { useSiteName } from '@/shared/stores/app';

function AppleMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 4.9c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z" />
    </svg>
  );
}
function PlayMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
      <path fill="#34a853" d="M3.6 2.3 13.5 12l-9.9 9.7c-.4-.2-.6-.7-.6-1.2V3.5c0-.5.2-1 .6-1.2z" />
      <path fill="#fbbc04" d="m16.8 15.3-3.3-3.3 3.3-3.3 3.7 2.1c1 .6 1 1.9 0 2.4z" />
      <path fill="#ea4335" d="M16.8 15.3 13.5 12l-9.9 9.7c.4.2.9.2 1.4-.1z" />
      <path fill="#4285f4" d="M16.8 8.7 5 2.4c-.5-.3-1-.3-1.4-.1l9.9 9.7z" />
    </svg>
  );
}

/**
 * /downLoad: the apps are not published yet; the badges say so instead of pointing anywhere.
 * `install`: the mobile site's "add to home screen" card, placed first where it is offered.
 */
export function DownloadPage({ install }: { install?: ReactNode }) {
  const { t } = useTranslation('download');
  const show = useComingSoon((s) => s.show);
  const site = useSiteName();
  const features = [
    { icon: <IconTv size={22} />, key: 'live' },
    { icon: <IconTrophy size={22} />, key: 'scores' },
    { icon: <IconBell size={22} />, key: 'alerts' },
  ];
  return (
    <section className="page download">
      {install}
      <div className="download__hero card">
        <div className="download__copy">
          <span className="hero__kicker">{t('kicker')}</span>
          <h1 className="download__title">{t('title', { site })}</h1>
          <p className="download__text">{t('text')}</p>
          <div className="download__badges">
            <button type="button" className="store-badge" onClick={show} data-testid="download-ios">
              <AppleMark />
              <span>
                <small>{t('ios.small')}</small>
                <strong>App Store</strong>
              </span>
              <em className="store-badge__soon">{t('soon')}</em>
            </button>
            <button type="button" className="store-badge" onClick={show} data-testid="download-android">
              <PlayMark />
              <span>
                <small>{t('android.small')}</small>
                <strong>Google Play</strong>
              </span>
              <em className="store-badge__soon">{t('soon')}</em>
            </button>
          </div>
          <p className="muted download__note">
            <IconDownload size={14} /> {t('note')}
          </p>
        </div>
        <div className="download__phone" aria-hidden>
          <div className="phone">
            <IconPhone size={40} />
            <span>{site}</span>
          </div>
        </div>
      </div>
      <div className="download__features">
        {features.map((f) => (
          <div key={f.key} className="card download__feature">
            <span className="download__feature-icon">{f.icon}</span>
            <h2>{t(`features.${f.key}.title`)}</h2>
            <p>{t(`features.${f.key}.text`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
