import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/shared/ui/empty-state';
import { useRouteHandle } from '../route-meta';

const ANCHOR_CATEGORY: Record<string, string> = { '1': 'football', '2': 'basketball', '3': 'esports', '4': 'general' };

// Pages that later releases build (matches, live rooms, news, circle…): the page title and an
// honest under-development state, never sample data.
export function Component() {
  const { t } = useTranslation('layout');
  const handle = useRouteHandle();
  const [params] = useSearchParams();
  let title = handle.title ? t(handle.title) : '';
  const cat = handle.title === 'routes.anchor' ? ANCHOR_CATEGORY[params.get('type') ?? ''] : undefined;
  if (cat) title = `${title} · ${t(`live.${cat}`)}`;
  return <ComingSoonPage title={title} hint={handle.hint ? t(handle.hint) : undefined} />;
}
