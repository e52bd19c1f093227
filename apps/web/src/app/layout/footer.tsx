import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, anchorList, hasMobilePage, memberPage, paths, toMobilePath } from '@/config/paths';
import { isNarrow, prefersDesktop, setPreferDesktop } from '@/shared/lib/device';
import { useAppStore, useSiteName } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { useComingSoon } from '@/shared/stores/coming-soon';
import { IconMail } from '@/shared/ui/icons';
import { LogoMark } from '@/shared/ui/logo';

const SOCIAL = [
  { key: 'facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  { key: 'x', path: 'M4 4l7 9.3L4.3 20H6l5.8-5.6L16 20h4l-7.3-9.8L19 4h-1.7l-5.3 5.1L8 4z' },
  {
    key: 'youtube',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
  {
    key: 'instagram',
    path: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  },
];

// Friendly links of this kind of site point at the sports' governing bodies (until the settings say otherwise).
const FRIENDS = [
  { name: 'FIFA', url: 'https://www.fifa.com' },
  { name: 'UEFA', url: 'https://www.uefa.com' },
  { name: 'FIBA', url: 'https://www.fiba.basketball' },
  { name: 'NBA', url: 'https://www.nba.com' },
];

/** Footer (spec §2): social, contact, site map, help, friendly links, contact details from system settings. */
export function Footer() {
  const { t } = useTranslation('layout');
  const site = useSiteName();
  const system = useAppStore((s) => s.system);
  const showComingSoon = useComingSoon((s) => s.show);
  // An anchor has nothing to apply for: the same place leads to their studio.
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  const anchorLink = isAnchor ? { to: memberPage(MemberType.BROADCAST_RECORD), label: t('footer.myStudio') } : { to: memberPage(MemberType.APPLY_ANCHOR), label: t('footer.applyAnchor') };
  const details = [
    { key: 'customer_service_email', value: system?.customer_service_email, href: system?.customer_service_email ? `mailto:${system.customer_service_email}` : undefined },
    { key: 'feedback_qq', value: system?.feedback_qq },
    { key: 'site_icp', value: system?.site_icp },
    { key: 'site_gwa', value: system?.site_gwa },
    { key: 'Value_added_business_license', value: system?.Value_added_business_license },
  ].filter((d) => d.value && d.value.trim() !== '');

  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to={paths.home} className="footer__logo">
            <LogoMark size={26} />
            <span>{site}</span>
          </Link>
          <p className="footer__tagline">{t('footer.tagline')}</p>
          <div className="footer__social" aria-label={t('footer.social')}>
            {SOCIAL.map((s) => (
              <button
                key={s.key}
                type="button"
                className="social-btn"
                onClick={showComingSoon}
                aria-label={t(`footer.socials.${s.key}`)}
                title={t(`footer.socials.${s.key}`)}
                data-testid={`social-${s.key}`}
              >
                <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
                  <path d={s.path} />
                </svg>
              </button>
            ))}
          </div>
          <Link to={anchorLink.to} className="btn btn--outline btn--sm footer__apply" data-testid="footer-apply-anchor">
            {anchorLink.label}
          </Link>
        </div>

        <div className="footer__col">
          <h3>{t('footer.siteMap')}</h3>
          <ul>
            <li>
              <Link to={paths.home}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={anchorList(0)}>{t('nav.live')}</Link>
            </li>
            <li>
              <Link to={paths.football}>{t('routes.football')}</Link>
            </li>
            <li>
              <Link to={paths.basketball}>{t('routes.basketball')}</Link>
            </li>
            <li>
              <Link to={paths.schedule}>{t('routes.schedule')}</Link>
            </li>
            <li>
              <Link to={paths.news}>{t('nav.news')}</Link>
            </li>
          </ul>
        </div>

        <div className="footer__col">
          <h3>{t('footer.help')}</h3>
          <ul>
            <li>
              <Link to={`${paths.aboutUser}#terms`}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={`${paths.aboutUser}#privacy`}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={`${paths.aboutUser}#streaming`}>{t('footer.streaming')}</Link>
            </li>
            <li>
              <Link to={paths.download}>{t('footer.download')}</Link>
            </li>
            <li>
              <Link to={anchorLink.to}>{anchorLink.label}</Link>
            </li>
          </ul>
        </div>

        <div className="footer__col">
          <h3>{t('footer.contact')}</h3>
          <ul>
            {details.length === 0 && <li className="muted">—</li>}
            {details.map((d) => (
              <li key={d.key} data-testid={`footer-${d.key}`}>
                <span className="footer__detail-label">{t(`footer.details.${d.key}`)}</span>{' '}
                {d.href ? (
                  <a href={d.href}>
                    <IconMail size={13} /> {d.value}
                  </a>
                ) : (
                  <span>{d.value}</span>
                )}
              </li>
            ))}
          </ul>
        </div>

        <div className="footer__col">
          <h3>{t('footer.friends')}</h3>
          <ul>
            {(system?.links ?? FRIENDS).map((f) => (
              <li key={`${f.name}|${f.url}`} data-testid="footer-link">
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="footer__bottom">
        <span>
          © {new Date().getFullYear()} {site}. {t('footer.rights')}
        </span>
        {prefersDesktop() && isNarrow() && (
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setPreferDesktop(false);
              // Back to this page's mobile twin with its query (id, type, name), or the mobile home.
              const { pathname, search } = window.location;
              window.location.assign(hasMobilePage(pathname) ? toMobilePath(pathname, search) : paths.mobile);
            }}
            data-testid="mobile-version"
          >
            {t('footer.mobileVersion')}
          </button>
        )}
      </div>
    </footer>
  );
}
