import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSidebarStore } from '@/shared/stores/sidebar';
import { IconCollapse, IconExpand } from '@/shared/ui/icons';
import { LEFT_MENU, isCurrent } from './nav-items';

/** The left menu on nav index 2 and 3 (spec §2); collapsible, state in the sidebarStatus cookie. */
export function LeftMenu() {
  const { t } = useTranslation('layout');
  const { pathname, search } = useLocation();
  const opened = useSidebarStore((s) => s.opened);
  const toggle = useSidebarStore((s) => s.toggle);
  return (
    <aside className={['left-menu', !opened && 'left-menu--collapsed'].filter(Boolean).join(' ')} data-testid="left-menu" aria-label={t('left.label')}>
      <nav>
        {LEFT_MENU.map((g) => (
          <div key={g.group} className="left-menu__group">
            <span className="left-menu__label">{t(g.group)}</span>
            {g.items.map((it) => {
              const active = isCurrent(it.to, pathname, search);
              return (
                <Link key={it.to} to={it.to} className={active ? 'is-active' : undefined} aria-current={active ? 'page' : undefined} title={opened ? undefined : t(it.key)}>
                  {it.icon}
                  <span className="left-menu__text">{t(it.key)}</span>
                </Link>
              );
            })}
          </div>
        ))}
      </nav>
      <button type="button" className="left-menu__toggle" onClick={toggle} aria-expanded={opened} data-testid="sidebar-toggle" aria-label={opened ? t('left.collapse') : t('left.expand')}>
        {opened ? <IconCollapse /> : <IconExpand />}
        <span className="left-menu__text">{opened ? t('left.collapse') : t('left.expand')}</span>
      </button>
    </aside>
  );
}
