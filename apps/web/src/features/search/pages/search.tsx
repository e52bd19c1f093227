import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import type { ArticleCard, Post } from '@livesports/contracts/content';
import type { LiveRoomCard } from '@livesports/contracts/search';
import type { Person } from '@livesports/contracts/social';
import { livePage } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconSearch, IconTv } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Picture } from '@/shared/ui/picture';
import { Spinner } from '@/shared/ui/spinner';
import { addHistory } from '../api/history';
import { TAB_LIMIT, useSearch, useSearchTab, type SearchTab } from '../api/search';
import { HotSearches } from '../components/hot-searches';
import { SearchBox } from '../components/search-box';
import { SearchHistory } from '../components/search-history';
import { SportMatchList, SportNameList } from '../components/sport-results';

/** How results of other domains look; the route passes their components in. */
export interface SearchRenderers {
  person: (p: Person) => ReactNode;
  article: (a: ArticleCard) => ReactNode;
  post: (p: Post) => ReactNode;
  room?: (r: LiveRoomCard) => ReactNode;
}

type Tab = 'all' | SearchTab;
const TABS: Tab[] = ['all', 'anchors', 'lives', 'articles', 'posts'];

function DefaultRoom({ room }: { room: LiveRoomCard }) {
  return (
    <Link to={livePage(room.room_id)} className="room-card search-room" data-testid={`search-room-${room.room_id}`}>
      {/* A room without a cover (or whose cover fails) gets a drawn one, never a broken picture. */}
      <Picture
        src={room.cover}
        fallback={
          <span className="search-room__art" aria-hidden>
            <IconTv size={28} />
          </span>
        }
      />
      <strong>{room.title}</strong>
      <span className="muted">{room.user_nickname}</span>
    </Link>
  );
}

function Section({ title, count, more, children, testId }: { title: string; count: number; more?: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation('search');
  // Only kinds with matches take room on the overview; the tabs still show every kind.
  if (count === 0) return null;
  return (
    <section className="card search-section" data-testid={testId}>
      <h2 className="card__title search-section__title">
        {title} <span className="muted">{count}</span>
        {more && count > 0 && (
          <button type="button" className="link-btn link-btn--accent" onClick={more}>
            {t('seeAll')}
          </button>
        )}
      </h2>
      {children}
    </section>
  );
}

function TabResults({ tab, name, render }: { tab: SearchTab; name: string; render: SearchRenderers }) {
  const { t } = useTranslation('search');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSearchTab(tab, name, page, true);
  if (isLoading || !data) return <Spinner />;
  const list = data.list as unknown[];
  return (
    <div className="card search-tab">
      {tab === 'lives' && 'anchors' in data && list.length === 0 && (
        <>
          <EmptyState compact icon={<IconTv size={32} />} title={t('noRooms')} text={t('noRoomsText')} />
          {data.anchors.length > 0 && (
            <>
              <h3 className="search-tab__sub">{t('anchorsNamed', { name })}</h3>
              <ul className="people__list">{data.anchors.map((p) => render.person(p))}</ul>
            </>
          )}
        </>
      )}
      {list.length === 0 && tab !== 'lives' && <EmptyState compact title={t('none')} text={t('noneText')} />}
      {tab === 'anchors' && <ul className="people__list">{(list as Person[]).map((p) => render.person(p))}</ul>}
      {tab === 'lives' && <div className="room-grid">{(list as LiveRoomCard[]).map((r) => render.room?.(r) ?? <DefaultRoom key={r.room_id} room={r} />)}</div>}
      {tab === 'articles' && <div className="news__list">{(list as ArticleCard[]).map((a) => render.article(a))}</div>}
      {tab === 'posts' && <div className="post-feed">{(list as Post[]).map((p) => render.post(p))}</div>}
      <Pager page={page} total={data.total} limit={TAB_LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
    </div>
  );
}

/** /search?name=…: teams, competitions and matches, anchors, live rooms, headlines, circle posts and people matching a word. */
export function SearchPage({ render }: { render: SearchRenderers }) {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const name = (params.get('name') ?? '').trim().slice(0, 50);
  const tab = (TABS as string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  const { data, isLoading } = useSearch(name);

  useEffect(() => {
    if (name) addHistory(name);
  }, [name]);
  const go = (next: Tab) => setParams(next === 'all' ? { name } : { name, tab: next });

  return (
    <section className="page search-page">
      <header className="page__head">
        <h1 className="page__title">{name ? t('resultsFor', { name }) : t('title')}</h1>
      </header>
      <div className="search-page__grid">
        <div className="search-page__main">
          <div className="card">
            <SearchBox key={name} initial={name} />
          </div>
          {!name ? (
            <div className="card">
              <EmptyState icon={<IconSearch size={40} />} title={t('startTitle')} text={t('startText')} />
            </div>
          ) : (
            <>
              <div className="tabs" role="tablist">
                {TABS.map((x) => (
                  <button key={x} type="button" role="tab" aria-selected={tab === x} className={tab === x ? 'tabs__tab is-active' : 'tabs__tab'} onClick={() => go(x)} data-testid={`search-tab-${x}`}>
                    {t(`tabs.${x}`)}
                    {data && x !== 'all' && <span className="tabs__count">{data[x].total}</span>}
                  </button>
                ))}
              </div>
              {tab !== 'all' ? (
                <TabResults key={`${tab}-${name}`} tab={tab} name={name} render={render} />
              ) : isLoading || !data ? (
                <Spinner />
              ) : (
                <div className="search-results" data-testid="search-results">
                  {data.teams.total + data.competitions.total + data.matches.total + data.anchors.total + data.lives.total + data.articles.total + data.posts.total + data.users.total === 0 && (
                    <div className="card">
                      <EmptyState icon={<IconSearch size={40} />} title={t('none')} text={t('noneText')} />
                    </div>
                  )}
                  {/* The sport first: a team or a match is what most searches look for. */}
                  <Section title={t('teams')} count={data.teams.total} testId="search-teams">
                    <SportNameList list={data.teams.list} kind="team" />
                  </Section>
                  <Section title={t('competitions')} count={data.competitions.total} testId="search-competitions">
                    <SportNameList list={data.competitions.list} kind="competition" />
                  </Section>
                  <Section title={t('matches')} count={data.matches.total} testId="search-matches">
                    <SportMatchList list={data.matches.list} />
                  </Section>
                  <Section title={t('tabs.anchors')} count={data.anchors.total} more={() => go('anchors')} testId="search-anchors">
                    <ul className="people__list">{data.anchors.list.map((p) => render.person(p))}</ul>
                  </Section>
                  <Section title={t('tabs.lives')} count={data.lives.total} more={() => go('lives')} testId="search-lives">
                    <div className="room-grid">{data.lives.list.map((r) => render.room?.(r) ?? <DefaultRoom key={r.room_id} room={r} />)}</div>
                  </Section>
                  <Section title={t('tabs.articles')} count={data.articles.total} more={() => go('articles')} testId="search-articles">
                    <div className="news__list">{data.articles.list.map((a) => render.article(a))}</div>
                  </Section>
                  <Section title={t('tabs.posts')} count={data.posts.total} more={() => go('posts')} testId="search-posts">
                    <div className="post-feed">{data.posts.list.map((p) => render.post(p))}</div>
                  </Section>
                  <Section title={t('users')} count={data.users.total} testId="search-users">
                    <ul className="people__list">{data.users.list.map((p) => render.person(p))}</ul>
                  </Section>
                </div>
              )}
            </>
          )}
        </div>
        <aside className="search-page__aside">
          <SearchHistory />
          <HotSearches />
        </aside>
      </div>
    </section>
  );
}
