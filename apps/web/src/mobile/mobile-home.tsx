import { type ReactNode, lazy } from 'react';
import { SPORTS } from '@livesports/contracts/matches-constants';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { anchorList, paths } from '@/config/paths';
import { SiteNotice } from '@/features/home/components/site-notice';
import { HotSearches } from '@/features/search/components/hot-searches';
import { AfterFirstPaint, SectionPlaceholder } from '@/shared/ui/after-first-paint';
import { IconBall, IconBasketball, IconGamepad, IconGrid, IconNews, IconTrophy, IconTv } from '@/shared/ui/icons';
import './mobile-home-matches.css';

// Live rooms and headlines have no pages of their own under /m: their cards open the site's own
// room and article pages, which a phone gets in the responsive layout. Loaded after the first
// paint, like the desktop home's.
const LiveStrip = lazy(() => import('@/features/live/components/live-strip').then((m) => ({ default: m.LiveStrip })));
const HomeHeadlines = lazy(() => import('@/features/news/components/home-headlines').then((m) => ({ default: m.HomeHeadlines })));

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

/** The mobile home: the desktop home's sections, stacked: hot searches, live rooms, score lists, headlines. */
export function MobileHome() {
  const { t } = useTranslation('home');
  return (
    <div className="m-home">
      <SiteNotice />
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
      <HotSearches variant="plain" linkTo={(name) => `${paths.mobile}${paths.search}?name=${encodeURIComponent(name)}`} />
      <Section id="live" icon={<IconTv />} title={t('sections.live')}>
        <AfterFirstPaint fallback={<SectionPlaceholder rows={3} />}>
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
