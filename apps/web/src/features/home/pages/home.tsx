import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { anchorList, paths } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconBall, IconBasketball, IconGamepad, IconGrid, IconNews, IconTrophy, IconTv } from '@/shared/ui/icons';
import { SiteNotice } from '../components/site-notice';

const CATEGORIES = [
  { type: 1 as const, key: 'football', icon: <IconBall size={18} /> },
  { type: 2 as const, key: 'basketball', icon: <IconBasketball size={18} /> },
  { type: 3 as const, key: 'esports', icon: <IconGamepad size={18} /> },
  { type: 4 as const, key: 'general', icon: <IconGrid size={18} /> },
];

function Section({ id, icon, title, more, children }: { id: string; icon: ReactNode; title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={`${id}-title`} data-testid={`home-${id}`}>
      <header className="home-section__head">
        <h2 id={`${id}-title`} className="home-section__title">
          {icon}
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="home-section__more">
            {more.label} ›
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}

/** Placeholder tiles that show the shape of a grid without pretending to hold data. */
function SkeletonGrid({ count, kind }: { count: number; kind: 'room' | 'match' }) {
  return (
    <div className={`skeleton-grid skeleton-grid--${kind}`} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`skeleton skeleton--${kind}`} />
      ))}
    </div>
  );
}

/**
 * /main: the home page. Live rooms, hot matches and headlines are slots the route fills from their
 * features; an empty slot says the section is not there yet. Hot searches are real (passed in by the route, from the search feature).
 */
export function HomePage({
  aside,
  hero,
  matches,
  live,
  news,
}: {
  aside?: ReactNode;
  /** The hero's screen: the most watched live room (the live feature fills it). */ hero?: ReactNode;
  /** Hot matches (the matches feature fills it). */ matches?: ReactNode;
  /** Live rooms (the live feature fills it). */ live?: ReactNode;
  /** Latest headlines (the news feature fills it). */ news?: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <div className="home">
      <SiteNotice />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__stage">
          <div className="hero__glow" aria-hidden />
          <div className="hero__copy">
            <span className="hero__kicker">{t('hero.kicker')}</span>
            <h1 id="hero-title" className="hero__title">
              {t('hero.title')}
            </h1>
            <p className="hero__text">{t('hero.text')}</p>
            <div className="hero__cats">
              {CATEGORIES.map((c) => (
                <Link key={c.type} to={anchorList(c.type)} className="chip">
                  {c.icon}
                  {t(`categories.${c.key}`)}
                </Link>
              ))}
            </div>
          </div>
          {hero ?? (
            <div className="hero__screen" aria-hidden>
              <div className="hero__screen-inner">
                <IconTv size={44} />
                <span>{t('hero.noLive')}</span>
              </div>
            </div>
          )}
        </div>
        <div className="hero__aside">{aside}</div>
      </section>

      <Section id="live" icon={<IconTv />} title={t('sections.live')} more={{ to: paths.anchor, label: t('more') }}>
        {live ?? (
          <div className="home-section__body">
            <SkeletonGrid count={4} kind="room" />
            <div className="home-section__overlay">
              <EmptyState compact title={t('empty.liveTitle')} text={t('empty.liveText')} />
            </div>
          </div>
        )}
      </Section>

      <div className="home__split">
        <Section id="matches" icon={<IconTrophy />} title={t('sections.matches')} more={{ to: paths.football, label: t('more') }}>
          {matches ?? (
            <div className="home-section__body">
              <SkeletonGrid count={3} kind="match" />
              <div className="home-section__overlay">
                <EmptyState compact title={t('empty.matchesTitle')} text={t('empty.matchesText')} />
              </div>
            </div>
          )}
        </Section>
        <Section id="news" icon={<IconNews />} title={t('sections.news')} more={{ to: paths.news, label: t('more') }}>
          {news ?? (
            <div className="home-section__body">
              <SkeletonGrid count={3} kind="match" />
              <div className="home-section__overlay">
                <EmptyState compact title={t('empty.newsTitle')} text={t('empty.newsText')} />
              </div>
            </div>
          )}
        </Section>
      </div>
    </div>
  );
}
