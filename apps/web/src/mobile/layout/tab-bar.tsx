import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { RouteHandle } from '@/app/route-meta';
import { IconBall, IconHome, IconNews, IconTv, IconUser } from '@/shared/ui/icons/site';

type Tab = NonNullable<RouteHandle['tab']>;
const TABS: Array<{ key: Tab; to: string; icon: ReactNode }> = [
  { key: 'home', to: paths.mobile, icon: <IconHome size={22} /> },
  { key: 'live', to: `${paths.mobile}${paths.anchor}`, icon: <IconTv size={22} /> },
  { key: 'scores', to: `${paths.mobile}${paths.football}`, icon: <IconBall size={22} /> },
  { key: 'news', to: `${paths.mobile}${paths.news}`, icon: <IconNews size={22} /> },
  { key: 'me', to: `${paths.mobile}${paths.member}`, icon: <IconUser size={22} /> },
];

/** The thumb's navigation: five tabs fixed at the bottom, above the home indicator (safe area). */
export function TabBar({ active }: { active?: Tab }) {
  const { t } = useTranslation('mobile');
  return (
    <nav className="m-tabbar" aria-label={t('tabs.label')} data-testid="m-tabbar">
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={['m-tabbar__item', active === tab.key && 'is-active'].filter(Boolean).join(' ')}
          aria-current={active === tab.key ? 'page' : undefined}
          data-testid={`m-tab-${tab.key}`}
        >
          {tab.icon}
          <span>{t(`tabs.${tab.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
