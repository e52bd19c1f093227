import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { useProfile } from '../api/get-profile';
import { PeopleList } from '../components/people-list';
import { ProfileHeader } from '../components/profile-header';

const TABS = ['posts', 'articles', 'following', 'fans'] as const;
type Tab = (typeof TABS)[number];

export interface PersonaSlots {
  /** The person's circle posts (circle feature). */
  posts: (uid: number) => ReactNode;
  /** The person's headlines (news feature). */
  articles: (uid: number) => ReactNode;
}

/** /persona?id=: a personal space: header, posts, headlines, follows and fans. Without id: mine. */
export function PersonaPage({ slots }: { slots: PersonaSlots }) {
  const { t } = useTranslation('social');
  const [params, setParams] = useSearchParams();
  const me = useAuthStore((s) => s.user?.id);
  const uid = Number(params.get('id')) || me || 0;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'posts';
  const { data, isLoading, isError } = useProfile(uid);

  if (!uid || isError) {
    return (
      <section className="page page--narrow">
        <div className="card">
          <EmptyState title={t('notFound')} text="" action={<Link to={paths.home}>{t('home')}</Link>} />
        </div>
      </section>
    );
  }
  if (isLoading || !data) return <Spinner />;
  return (
    <section className="page persona">
      <ProfileHeader profile={data} />
      <div className="tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={tab === x ? 'tabs__tab is-active' : 'tabs__tab'}
            onClick={() => setParams({ id: String(uid), tab: x })}
            data-testid={`persona-tab-${x}`}
          >
            {t(`tabs.${x}`)}
          </button>
        ))}
      </div>
      <div className="persona__body">
        {tab === 'posts' && slots.posts(uid)}
        {tab === 'articles' && slots.articles(uid)}
        {tab === 'following' && (
          <div className="card">
            <PeopleList key={`f${uid}`} list="following" uid={uid} />
          </div>
        )}
        {tab === 'fans' && (
          <div className="card">
            <PeopleList key={`n${uid}`} list="fans" uid={uid} />
          </div>
        )}
      </div>
    </section>
  );
}
