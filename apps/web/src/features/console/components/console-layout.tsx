import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleMe } from '@livesports/contracts/console';
import { adminPage, paths } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { canOpen, consolePages, type ConsolePage } from '../pages';

/** The console's frame: a top bar, a dense left menu by group with the queue counts, the page. */
export function ConsoleLayout({ me, children }: { me: ConsoleMe; children: ReactNode }) {
  const { t } = useTranslation('console');
  const pages = consolePages.filter((p) => canOpen(me.role, p));
  const groups: Array<[ConsolePage['groupKey'], ConsolePage[]]> = [];
  for (const p of pages) {
    const g = groups.find(([k]) => k === p.groupKey);
    if (g) g[1].push(p);
    else groups.push([p.groupKey, [p]]);
  }
  return (
    <div className="cs" data-testid="console">
      <header className="cs-top">
        <Link to={adminPage()} className="cs-top__brand">
          <span className="cs-top__mark" aria-hidden>
            ◆
          </span>
          {t('title')}
        </Link>
        <div className="cs-top__spacer" />
        <Link to={paths.home} className="cs-top__link">
          {t('top.site')}
        </Link>
        <span className="cs-top__user" data-testid="console-user">
          <Avatar src={me.user.avatar} size={22} alt="" />
          <span>{me.user.nickname}</span>
          <span className={`cs-role cs-role--${me.role}`} data-testid="console-role">
            {t(`roles.${me.role}`)}
          </span>
        </span>
      </header>
      <nav className="cs-menu" aria-label={t('menu.label')}>
        {groups.map(([group, items]) => (
          <div key={group} className="cs-menu__group">
            <div className="cs-menu__heading">{t(group)}</div>
            {items.map((p) => {
              const n = p.count ? me.counts[p.count] : 0;
              return (
                <NavLink
                  key={p.path}
                  to={adminPage(p.path)}
                  end
                  className={({ isActive }) => (isActive ? 'cs-menu__item is-active' : 'cs-menu__item')}
                  data-testid={`console-menu-${p.path || 'home'}`}
                >
                  <span>{t(p.labelKey)}</span>
                  {p.count && n > 0 ? (
                    <span className="cs-menu__count" data-testid={`console-count-${p.count}`}>
                      {n > 999 ? '999+' : n}
                    </span>
                  ) : null}
                </NavLink>
              );
            })}
          </div>
        ))}
      </nav>
      <main className="cs-main">{children}</main>
    </div>
  );
}
