import { lazy, useEffect, type ReactNode } from 'react';
import { SPORTS } from '@livesports/contracts/matches-constants';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { anchorList, paths } from '@/config/paths';
import { lazyWithQueries, preloadableWithQueries } from '@/shared/api/with-queries';
import { AfterFirstPaint, SectionPlaceholder } from '@/shared/ui/after-first-paint';
import { IconBall, IconBasketball, IconGamepad, IconGrid, IconNews, IconTrophy, IconTv } from '@/shared/ui/icons/site';
import './mobile-home-matches.css';

// What reads the server (hot searches, live rooms, headlines) loads after the first paint, with the
// QueryClient (shared/api/with-queries.tsx): the hero, the categories and the section titles show
// before any of it (issue #16: 120 kB of JavaScript before the home shows).
// The console's announcement and banner come with the system settings, after the first paint too.
const SiteNotice = lazy(() => import('@/features/home/components/site-notice').then((m) => ({ default: m.SiteNotice })));
const HotSearches = lazyWithQueries(() => import('@/features/search/components/hot-searches').then((m) => m.HotSearches));
// The live rooms' covers are the home's largest paint: their code is asked for as soon as the home
// has rendered, so it is usually in by the time the section renders after the first paint (which
// then shows the rooms without suspending, and without React's 300 ms fallback throttle).
const liveStrip = preloadableWithQueries(() => import('@/features/live/components/live-strip').then((m) => m.LiveStrip));
const LiveStrip = liveStrip.Component;
const HomeHeadlines = lazyWithQueries(() => import('@/features/news/components/home-headlines').then((m) => m.HomeHeadlines));

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

/** Scores have mobile pages: football and basketball lists, each match opening its live page. */
function MatchLinks() {
  const { t } = useTranslation('home');
  return (
    <div className="m-match-links">
      {SPORTS.map((s) => (
        <Link key={s} to={`${paths.mobile}/${s}`} className="m-match-link" data-testid={`m-scores-${s}`}>
          {s === 'football' ? <IconBall size={18} /> : <IconBasketball size={18} />}
          <span>{t(`categories.${s}`)}</span>
          <span aria-hidden>›</span>
        </Link>
      ))}
    </div>
  );
}

// Football and basketball open their score lists; esports and general, their live rooms.
const CATS = [
  { key: 'football', icon: <IconBall size={18} />, to: `${paths.mobile}/football` },
  { key: 'basketball', icon: <IconBasketball size={18} />, to: `${paths.mobile}/basketball` },
  { key: 'esports', icon: <IconGamepad size={18} />, to: anchorList(3) },
  { key: 'general', icon: <IconGrid size={18} />, to: anchorList(4) },
];

const hotSearchLink = (name: string) => `${paths.mobile}${paths.search}?name=${encodeURIComponent(name)}`;

/** The mobile home: the desktop home's sections, stacked: hot searches, live rooms, score lists, headlines. */
export function MobileHome() {
  const { t } = useTranslation('home');
  useEffect(() => void liveStrip.preload().catch(() => undefined), []);
  return (
    <div className="m-home">
      <AfterFirstPaint fallback={null}>
        <SiteNotice />
      </AfterFirstPaint>
      <section className="m-hero">
        <span className="m-hero__kicker">{t('hero.kicker')}</span>
        <h1 className="m-hero__title">{t('hero.title')}</h1>
        <div className="m-cats">
          {CATS.map((c) => (
            <Link key={c.key} to={c.to} className="m-cat" data-testid={`m-cat-${c.key}`}>
              {c.icon}
              <span>{t(`categories.${c.key}`)}</span>
            </Link>
          ))}
        </div>
      </section>
      {/* About the height of ten hot words, so the sections below do not jump when they arrive. */}
      <AfterFirstPaint fallback={<SectionPlaceholder rows={3.5} />}>
        <HotSearches variant="plain" linkTo={hotSearchLink} />
      </AfterFirstPaint>
      <Section id="live" icon={<IconTv />} title={t('sections.live')}>
        {/* Two rows of two room cards: the four live rooms take this height, so the headlines stay put. */}
        <AfterFirstPaint fallback={<SectionPlaceholder rows={5.7} />}>
          <LiveStrip limit={4} />
        </AfterFirstPaint>
      </Section>
      <Section id="matches" icon={<IconTrophy />} title={t('sections.matches')}>
        <MatchLinks />
      </Section>
      <Section id="news" icon={<IconNews />} title={t('sections.news')}>
        <AfterFirstPaint fallback={<SectionPlaceholder rows={4} />}>
          <HomeHeadlines />
        </AfterFirstPaint>
      </Section>
    </div>
  );
}
