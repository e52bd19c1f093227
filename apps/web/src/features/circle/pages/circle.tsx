import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@/shared/i18n/messages';
import '../locales';
import type { Post } from '@livesports/contracts/content';
import { useAuthStore } from '@/shared/stores/auth';
import { useAllLang } from '@/shared/stores/content-lang';
import { ContentLangFilter } from '@/shared/ui/content-lang';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconUsers } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { usePosts } from '../api/get-posts';
import { PostCard } from '../components/post-card';
import { PostComposer } from '../components/post-composer';

const TABS = [
  { tab: 0, key: 'latest' },
  { tab: 1, key: 'hot' },
  { tab: 2, key: 'following' },
] as const;

/** A feed of posts (the circle, or one person's posts in a personal space). */
export function PostFeed({ uid, tab = 0, followSlot }: { uid?: number; tab?: 0 | 1 | 2; followSlot?: (post: Post) => ReactNode }) {
  const { t } = useTranslation('circle');
  const all_lang = useAllLang();
  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = usePosts({ uid, tab, all_lang });
  const islogin = useAuthStore((s) => s.islogin);
  if (isLoading) return <Spinner />;
  const posts = data?.pages.flatMap((p) => p.list) ?? [];
  // "Write the first post above" only where the composer is above: the circle itself, not a personal space.
  const text = tab === 2 ? t('emptyFollowingText') : uid !== undefined ? t('emptyPersonText') : islogin ? t('emptyText') : t('emptyTextGuest');
  if (!posts.length) return <EmptyState icon={<IconUsers size={40} />} title={tab === 2 ? t('emptyFollowing') : t('empty')} text={text} />;
  return (
    <div className="post-feed" data-testid="post-feed">
      {posts.map((p) => (
        <PostCard key={p.id} post={p} followSlot={followSlot} />
      ))}
      {hasNextPage && (
        <Button variant="secondary" block loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </div>
  );
}

/** /circle: write a post; the latest, hot and following feeds. */
export function CirclePage({ followSlot, aside, camera }: { followSlot?: (post: Post) => ReactNode; aside?: ReactNode; camera?: boolean }) {
  const { t } = useTranslation('circle');
  const [params, setParams] = useSearchParams();
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const tab = (Number(params.get('tab')) || 0) as 0 | 1 | 2;
  return (
    <section className="page circle">
      <div className="circle__main">
        <header className="page__head">
          <h1 className="page__title">{t('title')}</h1>
        </header>
        <PostComposer camera={camera} />
        <div className="list-tools">
          <div className="tabs" role="tablist">
            {TABS.map((x) => (
              <button
                key={x.tab}
                type="button"
                role="tab"
                aria-selected={tab === x.tab}
                className={tab === x.tab ? 'tabs__tab is-active' : 'tabs__tab'}
                onClick={() => (x.tab === 2 && !islogin ? openLogin('login') : setParams(x.tab ? { tab: String(x.tab) } : {}))}
                data-testid={`circle-tab-${x.key}`}
              >
                {t(`tabs.${x.key}`)}
              </button>
            ))}
          </div>
          <ContentLangFilter />
        </div>
        <PostFeed key={tab} tab={tab} followSlot={followSlot} />
      </div>
      {aside && <aside className="circle__aside">{aside}</aside>}
    </section>
  );
}
