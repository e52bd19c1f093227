import { lazy } from 'react';
import { HomePage } from '@/features/home/pages/home';
import { HotSearches } from '@/features/search/components/hot-searches';
import { AfterFirstPaint, SectionPlaceholder } from '@/shared/ui/after-first-paint';

// /main: the hero and hot searches paint first; the live-room strip, hot matches and headlines (with their
// data layers) load right after, at the first idle moment, so they do not delay the first view.
const HotMatches = lazy(() => import('@/features/matches/components/hot-matches').then((m) => ({ default: m.HotMatches })));
const HomeHeadlines = lazy(() => import('@/features/news/components/home-headlines').then((m) => ({ default: m.HomeHeadlines })));
const HeroLive = lazy(() => import('@/features/live/components/hero-live').then((m) => ({ default: m.HeroLive })));
const LiveStrip = lazy(() => import('@/features/live/components/live-strip').then((m) => ({ default: m.LiveStrip })));

export function Component() {
  return (
    <HomePage
      aside={<HotSearches />}
      hero={
        // Until the live list is in, an empty dark screen: it must not claim that nothing is live.
        <AfterFirstPaint fallback={<div className="hero__screen" aria-busy="true" />}>
          <HeroLive />
        </AfterFirstPaint>
      }
      matches={
        <AfterFirstPaint fallback={<SectionPlaceholder rows={4} />}>
          <HotMatches />
        </AfterFirstPaint>
      }
      live={
        <AfterFirstPaint fallback={<SectionPlaceholder rows={3} />}>
          <LiveStrip />
        </AfterFirstPaint>
      }
      news={
        <AfterFirstPaint fallback={<SectionPlaceholder rows={4} />}>
          <HomeHeadlines />
        </AfterFirstPaint>
      }
    />
  );
}
