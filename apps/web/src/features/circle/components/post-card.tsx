import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import type { Post } from '@livesports/contracts/content';
import { personaPage, postPage } from '@/config/paths';
import { timeAgo } from '@/shared/lib/time-ago';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { ContentLangTag } from '@/shared/ui/content-lang';
import { IconComment, IconHeart } from '@/shared/ui/icons';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { ImageGrid } from './image-grid';
import { ReportDialog } from './report-dialog';

export interface PostCardProps {
  post: Post;
  /** The follow button for the author (social feature), placed by the route. */
  followSlot?: (post: Post) => ReactNode;
  /** On the detail page the text is not a link and the comment count does not navigate. */
  detail?: boolean;
  onDeleted?: () => void;
}

/** A circle post: author, text, pictures, likes, comments, and delete or report. */
export function PostCard({ post, followSlot, detail, onDeleted }: PostCardProps) {
  const { t } = useTranslation('circle');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const like = useLikePost();
  const remove = useDeletePost((msg) => {
    toast.success(msg);
    onDeleted?.();
  });
  const [reporting, setReporting] = useState(false);
  const needLogin = (fn: () => void) => () => (islogin ? fn() : openLogin('login'));

  return (
    <article className="post-card" data-testid={`post-${post.id}`}>
      <header className="post-card__head">
        <Link to={personaPage(post.author.id)} className="post-card__author">
          <Avatar src={post.author.avatar} size={40} />
          <span>
            <strong>{post.author.user_nickname}</strong>
            {post.author.is_anchor === 1 && <span className="badge badge--accent">{t('anchor')}</span>}
            <small className="muted">{timeAgo(post.created_at)}</small>
            <ContentLangTag lang={post.lang} />
          </span>
        </Link>
        {!post.is_mine && followSlot?.(post)}
      </header>
      {post.content &&
        (detail ? (
          <p className="post-card__text">{post.content}</p>
        ) : (
          <Link to={postPage(post.id)} className="post-card__text">
            {post.content}
          </Link>
        ))}
      <ImageGrid images={post.images} />
      <footer className="post-card__actions">
        <button
          type="button"
          className={post.is_liked ? 'post-card__action is-on' : 'post-card__action'}
          aria-pressed={post.is_liked === 1}
          onClick={needLogin(() => like.mutate(post))}
          disabled={like.isPending}
          data-testid={`post-like-${post.id}`}
        >
          <IconHeart size={18} />
          <span>{post.likes}</span>
        </button>
        {detail ? (
          <span className="post-card__action">
            <IconComment size={18} />
            <span>{post.comments}</span>
          </span>
        ) : (
          <Link to={postPage(post.id)} className="post-card__action" data-testid={`post-comments-${post.id}`}>
            <IconComment size={18} />
            <span>{post.comments}</span>
          </Link>
        )}
        <span className="post-card__spacer" />
        {post.is_mine ? (
          <button type="button" className="link-btn" onClick={() => window.confirm(t('confirmDelete')) && remove.mutate(post.id)} data-testid={`post-delete-${post.id}`}>
            {t('delete')}
          </button>
        ) : (
          <button type="button" className="link-btn" onClick={needLogin(() => setReporting(true))}>
            {t('report.action')}
          </button>
        )}
      </footer>
      <ReportDialog target={reporting ? { type: 'post', id: post.id } : null} onClose={() => setReporting(false)} />
    </article>
  );
}
