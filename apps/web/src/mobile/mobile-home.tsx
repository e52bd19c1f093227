import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { HotSearches } from '@/features/search/components/hot-searches';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconBall, IconBasketball, IconGamepad, IconGrid, IconNews, IconTrophy, IconTv } from '@/shared/ui/icons';
import { useComingSoon } from '@/shared/stores/coming-soon';
import { setPreferDesktop } from '@/shared/lib/device';
import './mobile-home-matches.css';

function Section({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="m-section" data-testid={`home-${id}`}>
      <h2 className="m-section__title">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Live rooms and headlines exist but have no mobile pages yet: say so and offer the desktop
 * site, rather than an empty state that would read as "nothing is on".
 */
function DesktopOnly() {
  const { t } = useTranslation('mobile');
  const open = () => {
    setPreferDesktop(true);
    window.location.assign(paths.home);
  };
  return (
    <EmptyState
      compact
      title={t('desktopOnly.title')}
      text={t('desktopOnly.text')}
      action={
        <button type="button" className="btn btn--primary btn--md" onClick={open} data-testid="open-desktop-site">
          {t('desktopOnly.open')}
        </button>
      }
    />
  );
}

/** Scores have mobile pages: football and basketball lists, each match opening its live page. */
function MatchLinks() {
  const { t } = useTranslation('home');
  return (
    <div className="m-match-links">
      {(['football', 'basketball'] as const).map((s) => (
        <Link key={s} to={`${paths.mobile}/${s}`} className="m-match-link" data-testid={`m-scores-${s}`}>
          {s === 'football' ? <IconBall size={18} /> : <IconBasketball size={18} />}
          <span>{t(`categories.${s}`)}</span>
          <span aria-hidden>›</span>
        </Link>
      ))}
    </div>
  );
}

const CATS = [
  { key: 'football', icon: <IconBall size={18} /> },
  { key: 'basketball', icon: <IconBasketball size={18} /> },
  { key: 'esports', icon: <IconGamepad size={18} /> },
  { key: 'general', icon: <IconGrid size={18} /> },
];

/** The mobile home: the desktop home's sections, stacked, with the real hot searches. */
export function MobileHome() {
  const { t } = useTranslation('home');
  const show = useComingSoon((s) => s.show);
  return (
    <div className="m-home">
      <section className="m-hero">
        <span className="m-hero__kicker">{t('hero.kicker')}</span>
        <h1 className="m-hero__title">{t('hero.title')}</h1>
        <div className="m-cats">
          {CATS.map((c) =>
            c.key === 'football' || c.key === 'basketball' ? (
              <Link key={c.key} to={`${paths.mobile}/${c.key}`} className="m-cat" data-testid={`m-cat-${c.key}`}>
                {c.icon}
                <span>{t(`categories.${c.key}`)}</span>
              </Link>
            ) : (
              <button key={c.key} type="button" className="m-cat" onClick={show}>
                {c.icon}
                <span>{t(`categories.${c.key}`)}</span>
              </button>
            ),
          )}
        </div>
      </section>
      <HotSearches variant="plain" linkTo={(name) => `${paths.mobile}${paths.search}?name=${encodeURIComponent(name)}`} />
      <Section id="live" icon={<IconTv />} title={t('sections.live')}>
        <DesktopOnly />
      </Section>
      <Section id="matches" icon={<IconTrophy />} title={t('sections.matches')}>
        <MatchLinks />
      </Section>
      <Section id="news" icon={<IconNews />} title={t('sections.news')}>
        <DesktopOnly />
      </Section>
    </div>
  );
}
