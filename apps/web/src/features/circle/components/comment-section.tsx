import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { COMMENT_MAX, commentInput, type Comment } from '@livesports/contracts/content';
import { personaPage } from '@/config/paths';
import { tMsg } from '@/shared/i18n/messages';
import { timeAgo } from '@/shared/lib/time-ago';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconHeart } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { COMMENTS_LIMIT, type Thread, useAddComment, useComments, useDeleteComment, useLikeComment } from '../api/comments';
import { ReportDialog } from './report-dialog';

export interface CommentSectionProps {
  /** A circle post or a headline: the same comments, likes, deletion rules and reports. */
  thread: Thread;
  /** The viewer wrote the post or article, so may delete any comment under it. */
  ownerIsMe: boolean;
  /** Called after a comment was added (+1) or deleted (-1): the page keeps its own counter in step. */
  onChanged?: (delta: 1 | -1) => void;
}

/** Comments of a post or a headline: write (or answer one), like, delete your own, report, page through. */
export function CommentSection({ thread, ownerIsMe, onChanged }: CommentSectionProps) {
  const { t } = useTranslation('circle');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);
  const { data, isLoading } = useComments(thread, page);
  const add = useAddComment(
    thread,
    (msg) => {
      toast.success(msg);
      setText('');
      setReplyTo(null);
    },
    onChanged,
  );
  const like = useLikeComment(thread);
  const remove = useDeleteComment(thread, (msg) => toast.success(msg), onChanged);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!islogin) return openLogin('login');
    const input = { id: thread.id, content: text, pid: replyTo?.id };
    const parsed = commentInput.safeParse(input);
    if (!parsed.success) return setError(tMsg(parsed.error.issues[0]?.message));
    setError(null);
    add.mutate({ content: text, pid: replyTo?.id });
  };

  return (
    <section className="card comments" data-testid="comments">
      <h2 className="card__title">{t('comments', { count: data?.total ?? 0 })}</h2>
      <form className="comments__form" onSubmit={submit}>
        {replyTo && (
          <p className="comments__replying muted">
            {t('replyingTo', { name: replyTo.user.user_nickname })}
            <button type="button" className="link-btn" onClick={() => setReplyTo(null)}>
              {t('cancel')}
            </button>
          </p>
        )}
        <textarea
          className="field__input field__input--area comments__input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={islogin ? t('commentPlaceholder') : t('loginToComment')}
          rows={2}
          aria-label={t('commentPlaceholder')}
          data-testid="comment-text"
        />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="comments__bar">
          <span className="muted">
            {text.length}/{COMMENT_MAX}
          </span>
          <Button type="submit" size="sm" loading={add.isPending} data-testid="comment-submit">
            {t('send')}
          </Button>
        </div>
      </form>
      {isLoading ? (
        <Spinner />
      ) : !data?.list.length ? (
        <EmptyState compact title={t('noComments')} text="" />
      ) : (
        <ul className="comments__list">
          {data.list.map((c) => (
            <li key={c.id} className="comment" data-testid={`comment-${c.id}`}>
              <Link to={personaPage(c.user.id)} aria-label={c.user.user_nickname}>
                <Avatar src={c.user.avatar} size={32} />
              </Link>
              <div className="comment__body">
                <div className="comment__head">
                  <Link to={personaPage(c.user.id)} className="comment__name">
                    {c.user.user_nickname}
                  </Link>
                  {c.reply_to && <span className="muted"> ▸ {c.reply_to.user_nickname}</span>}
                  <small className="muted">{timeAgo(c.created_at)}</small>
                </div>
                <p className="comment__text">{c.content}</p>
                <div className="comment__actions">
                  <button
                    type="button"
                    className={c.is_liked ? 'post-card__action is-on' : 'post-card__action'}
                    aria-pressed={c.is_liked === 1}
                    onClick={() => (islogin ? like.mutate(c) : openLogin('login'))}
                    data-testid={`comment-like-${c.id}`}
                  >
                    <IconHeart size={14} />
                    <span>{c.likes}</span>
                  </button>
                  <button type="button" className="link-btn" onClick={() => (islogin ? setReplyTo(c) : openLogin('login'))}>
                    {t('reply')}
                  </button>
                  {c.is_mine || ownerIsMe ? (
                    <button type="button" className="link-btn" onClick={() => window.confirm(t('confirmDeleteComment')) && remove.mutate(c.id)} data-testid={`comment-delete-${c.id}`}>
                      {t('delete')}
                    </button>
                  ) : (
                    <button type="button" className="link-btn" onClick={() => (islogin ? setReporting(c.id) : openLogin('login'))}>
                      {t('report.action')}
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.total} limit={COMMENTS_LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />}
      <ReportDialog target={reporting ? { type: 'comment', id: reporting } : null} onClose={() => setReporting(null)} />
    </section>
  );
}
