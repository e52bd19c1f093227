import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import type { ArticleDetail } from '@livesports/contracts/content';
import { paths, personaPage } from '@/config/paths';
import { dateTime } from '@/shared/lib/time-ago';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { useArticle } from '../api/get-article';
import { ArticleCard } from '../components/article-card';
import { HotList } from '../components/hot-list';

/**
 * /detail?id=: one headline, its video if any, the writer and related headlines. `followSlot`
 * is the follow button, which belongs to the social feature and is placed here by the route.
 */
export function ArticlePage({ followSlot }: { followSlot?: (article: ArticleDetail) => ReactNode }) {
  const { t } = useTranslation('news');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: a, isLoading, isError } = useArticle(id);

  if (isLoading) return <Spinner />;
  if (isError || !a) {
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
