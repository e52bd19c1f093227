import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { PeopleList } from './people-list';

/** Member center "my follows": anchors, writers and users I follow, and my fans. */
export function FollowsPanel() {
  const { t } = useTranslation('social');
  const [list, setList] = useState<'following' | 'fans'>('following');
  return (
    <div className="card follows-panel">
      <div className="tabs" role="tablist">
        {(['following', 'fans'] as const).map((l) => (
          <button key={l} type="button" role="tab" aria-selected={list === l} className={list === l ? 'tabs__tab is-active' : 'tabs__tab'} onClick={() => setList(l)}>
            {t(`tabs.${l}`)}
          </button>
        ))}
      </div>
      <PeopleList key={list} list={list} />
    </div>
  );
}
