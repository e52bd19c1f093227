import { type ReactNode, useDeferredValue } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import type { ArticleDetail } from '@livesports/contracts/content';
import { paths, personaPage } from '@/config/paths';
import { dateTime } from '@/shared/lib/time-ago';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconComment, IconHeart } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useArticle } from '../api/get-article';
import { useLikeArticle } from '../api/like-article';
import { ArticleCard } from '../components/article-card';
import { HotList } from '../components/hot-list';

export interface ArticlePageProps {
  /** The follow button for the writer (social feature). */
  followSlot?: (article: ArticleDetail) => ReactNode;
  /** The comments under the article (the circle feature's comments, placed by the route). */
  commentsSlot?: (article: ArticleDetail) => ReactNode;
  /** Reporting the headline to the moderators (the circle feature's reports, placed by the route). */
  reportSlot?: (article: ArticleDetail) => ReactNode;
}

/**
 * /detail?id=: one headline, its video if any, the writer, likes, comments and related
 * headlines. Follow button and comments belong to other features and are placed by the route.
 */
export function ArticlePage({ followSlot, commentsSlot, reportSlot }: ArticlePageProps) {
  const { t } = useTranslation('news');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const article = useArticle(id);
  // The headline renders in a deferred render React slices (comments, related headlines and all),
  // not in the one long task its query's answer would start (issue #16: a phone's blocking time).
  const a = useDeferredValue(article.data);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const like = useLikeArticle();
  useDocumentTitle(a?.title, { description: a ? a.summary || a.title : null });

  if (article.isLoading || (article.data && !a)) return <Spinner />;
  if (article.isError || !a) {
    return (
      <section className="page page--narrow">
        <div className="card">
          <EmptyState title={t('notFound')} text="" action={<Link to={paths.news}>{t('back')}</Link>} />
        </div>
      </section>
    );
  }
  return (
    <section className="page news">
      <article className="news__main card article" data-testid="article-detail">
        <nav className="article__crumbs muted">
          <Link to={paths.news}>{t('title')}</Link> / <span>{a.classify_name}</span>
        </nav>
        <h1 className="article__title">{a.title}</h1>
        <div className="article__byline">
          <Link to={personaPage(a.author.id)} className="article__author">
            <Avatar src={a.author.avatar} size={36} />
            <span>
              <strong>{a.author.user_nickname}</strong>
              <small className="muted">
                {dateTime(a.created_at)} · {t('views', { count: a.views })}
              </small>
            </span>
          </Link>
          {followSlot?.(a)}
        </div>
        {a.video ? (
          <video className="article__video" src={a.video} poster={a.image} controls preload="metadata" data-testid="article-video-player" />
        ) : (
          <img className="article__cover" src={a.image} alt="" width={960} height={540} />
        )}
        {/* Sanitized by the server (allow-listed tags, no attributes beyond href/src/alt). */}
        <div className="article__content" dangerouslySetInnerHTML={{ __html: a.content }} />
        <footer className="article__actions">
          <button
            type="button"
            className={a.is_liked ? 'post-card__action is-on' : 'post-card__action'}
            aria-pressed={a.is_liked === 1}
            // The name holds the count it shows (label in name, WCAG 2.5.3).
            aria-label={`${t('like')} ${a.likes}`}
            title={t('like')}
            onClick={() => (islogin ? like.mutate(a) : openLogin('login'))}
            disabled={like.isPending}
            data-testid="article-like"
          >
            <IconHeart size={18} />
            <span>{a.likes}</span>
          </button>
          <a href="#comments" className="post-card__action" aria-label={t('commentsCount', { count: a.comments })} data-testid="article-comments-count">
            <IconComment size={18} />
            <span>{a.comments}</span>
          </a>
          {reportSlot && <span className="article__report">{reportSlot(a)}</span>}
        </footer>
        {commentsSlot && <div id="comments">{commentsSlot(a)}</div>}
        {a.related.length > 0 && (
          <section className="article__related">
            <h2 className="card__title">{t('related')}</h2>
            <div className="article__related-grid">
              {a.related.map((r) => (
                <ArticleCard key={r.id} article={r} compact />
              ))}
            </div>
          </section>
        )}
      </article>
      <aside className="news__aside">
        <HotList />
      </aside>
    </section>
  );
}
