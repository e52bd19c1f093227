import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@/shared/i18n/messages';
import '../locales';
import { articlePage, paths } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { useAllLang } from '@/shared/stores/content-lang';
import { ContentLangFilter } from '@/shared/ui/content-lang';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconNews } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { useArticles } from '../api/get-articles';
import { ArticleCard } from '../components/article-card';
import { ArticleEditor } from '../components/article-editor';
import { CategoryTabs } from '../components/category-tabs';
import { HotList } from '../components/hot-list';

const LIMIT = 10;

/** /news: headlines by category with paging and the hot list; /news?write=1 is the writer's form. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const writing = params.get('write') === '1';
  const classify = Number(params.get('classify')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const allLang = useAllLang();
  const { data, isLoading } = useArticles({ classify_id: classify, all_lang: allLang, page, limit: LIMIT });

  useEffect(() => {
    if (writing && !islogin) openLogin('login');
  }, [writing, islogin, openLogin]);

  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  if (writing && islogin) {
    return (
      <section className="page page--narrow news-write">
        <ArticleEditor onPublished={(id) => navigate(articlePage(id))} onCancel={() => navigate(paths.news)} />
      </section>
    );
  }

  return (
    <section className="page news">
      <div className="news__main">
        <header className="page__head news__head">
          <h1 className="page__title">{t('title')}</h1>
          <Button onClick={() => (islogin ? set({ write: '1' }) : openLogin('login'))} data-testid="news-write">
            {t('write')}
          </Button>
        </header>
        <div className="list-tools">
          <CategoryTabs value={classify} onChange={(id) => set({ classify: id ? String(id) : undefined, page: undefined })} />
          <ContentLangFilter />
        </div>
        <div className="card news__list" data-testid="news-list">
          {isLoading ? (
            <Spinner />
          ) : data?.list.length ? (
            data.list.map((a) => <ArticleCard key={a.id} article={a} />)
          ) : (
            <EmptyState icon={<IconNews size={40} />} title={t('empty')} text={t('emptyText')} />
          )}
          {data && (
            <Pager
              page={page}
              total={data.total}
              limit={LIMIT}
              onChange={(p) => set({ page: String(p) })}
              labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }}
            />
          )}
        </div>
      </div>
      <aside className="news__aside">
        <HotList />
      </aside>
    </section>
  );
}
