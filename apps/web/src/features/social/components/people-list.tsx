import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconUsers } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { usePeople, type PeopleList as ListKind } from '../api/get-people';
import { PersonRow } from './person-row';

const LIMIT = 20;
const KINDS = [0, 1, 2, 3] as const;

/** Follows (with anchor / writer / user tabs) or fans of a person (uid; default: me). */
export function PeopleList({ list, uid, kinds = true }: { list: ListKind; uid?: number; kinds?: boolean }) {
  const { t } = useTranslation('social');
  const [type, setType] = useState<0 | 1 | 2 | 3>(0);
  const [page, setPage] = useState(1);
  const { data, isLoading } = usePeople(list, { uid, type, page, limit: LIMIT });
  return (
    <div className="people" data-testid={`people-${list}`}>
      {list === 'following' && kinds && (
        <div className="tabs tabs--pills" role="tablist">
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={type === k}
              className={type === k ? 'tabs__tab is-active' : 'tabs__tab'}
              onClick={() => {
                setType(k);
                setPage(1);
              }}
              data-testid={`follows-kind-${k}`}
            >
              {t(`kinds.${k}`)}
            </button>
          ))}
        </div>
      )}
      {isLoading ? (
        <Spinner />
      ) : !data?.list.length ? (
        <EmptyState compact icon={<IconUsers size={32} />} title={list === 'following' ? t('noFollows') : t('noFans')} text="" />
      ) : (
        <ul className="people__list">
          {data.list.map((p) => (
            <PersonRow key={`${p.id}-${p.type ?? 0}`} person={p} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.total} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />}
    </div>
  );
}
