import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconNews } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { useArticles } from '../api/get-articles';
import { ArticleCard } from './article-card';

const LIMIT = 10;

/** One writer's headlines, newest first (personal space). */
export function WriterArticles({ uid }: { uid: number }) {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useArticles({ uid, page, limit: LIMIT });
  return (
    <div className="card news__list">
      {isLoading ? <Spinner /> : data?.list.length ? data.list.map((a) => <ArticleCard key={a.id} article={a} />) : <EmptyState compact icon={<IconNews size={32} />} title={t('empty')} text="" />}
      {data && <Pager page={page} total={data.total} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />}
    </div>
  );
}
