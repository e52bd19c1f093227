import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@/shared/i18n/messages';
import '../locales';
import type { Post } from '@livesports/contracts/content';
import { paths } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { usePost } from '../api/get-post';
import { CommentSection } from '../components/comment-section';
import { PostCard } from '../components/post-card';

/** /circle-detail?id=: one post and its comments. */
export function CircleDetailPage({ followSlot }: { followSlot?: (post: Post) => ReactNode }) {
  const { t } = useTranslation('circle');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const { data, isLoading, isError } = usePost(id);
  if (isLoading) return <Spinner />;
  if (isError || !data) {
    return (
      <section className="page page--narrow">
        <div className="card">
          <EmptyState title={t('notFound')} text="" action={<Link to={paths.circle}>{t('back')}</Link>} />
        </div>
      </section>
    );
  }
  return (
    <section className="page page--narrow circle-detail">
      <nav className="muted article__crumbs">
        <Link to={paths.circle}>{t('title')}</Link> / <span>{t('post')}</span>
      </nav>
      <div className="card">
        <PostCard post={data} followSlot={followSlot} detail onDeleted={() => navigate(paths.circle)} />
      </div>
      <CommentSection thread={{ kind: 'post', id: data.id }} ownerIsMe={data.is_mine === 1} />
    </section>
  );
}
