import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import type { ArticleCard as Article } from '@livesports/contracts/content';
import { articlePage, personaPage } from '@/config/paths';
import { timeAgo } from '@/shared/lib/time-ago';
import { Avatar } from '@/shared/ui/avatar';
import { ContentLangTag } from '@/shared/ui/content-lang';
import { IconComment, IconHeart, IconVideo } from '@/shared/ui/icons';

/** A headline in a list: cover thumbnail, title, opening lines, writer, reads, likes and comments. */
export function ArticleCard({ article, compact }: { article: Article; compact?: boolean }) {
  const { t } = useTranslation('news');
  return (
    <article className={compact ? 'article-card article-card--compact' : 'article-card'} data-testid={`article-${article.id}`}>
      <Link to={articlePage(article.id)} className="article-card__thumb" tabIndex={-1} aria-hidden>
        <img src={article.thumb} alt="" loading="lazy" width={480} height={270} />
        {article.video && (
          <span className="article-card__video">
            <IconVideo size={14} />
          </span>
        )}
      </Link>
      <div className="article-card__body">
        <h3 className="article-card__title">
          <Link to={articlePage(article.id)}>{article.title}</Link>
        </h3>
        {!compact && <p className="article-card__summary">{article.summary}</p>}
        <div className="article-card__meta">
          <span className="chip chip--static">{article.classify_name}</span>
          <ContentLangTag lang={article.lang} />
          <Link to={personaPage(article.author.id)} className="article-card__author">
            <Avatar src={article.author.avatar} size={18} />
            <span>{article.author.user_nickname}</span>
          </Link>
          <span className="muted">{timeAgo(article.created_at)}</span>
          <span className="muted">{t('views', { count: article.views })}</span>
          <span className="article-card__count" title={t('likesCount', { count: article.likes })}>
            <IconHeart size={13} />
            <span className="sr-only">{t('likesCount', { count: article.likes })}</span>
            <span aria-hidden data-testid={`article-likes-${article.id}`}>
              {article.likes}
            </span>
          </span>
          <span className="article-card__count" title={t('commentsCount', { count: article.comments })}>
            <IconComment size={13} />
            <span className="sr-only">{t('commentsCount', { count: article.comments })}</span>
            <span aria-hidden data-testid={`article-comment-count-${article.id}`}>
              {article.comments}
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}
