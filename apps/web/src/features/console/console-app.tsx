import { Suspense, lazy, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPage } from '@/config/paths';
import { ApiError } from '@/shared/api/client';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { PageSpinner } from '@/shared/ui/spinner';
import { useConsoleMe } from './api/get-me';
import { ConsoleForbidden, ConsoleSignIn } from './components/console-status';
import { ConsoleLayout } from './components/console-layout';
import { canOpen, consolePages } from './pages';
import './locales';
import './console.css';

// /admin/*: the operator's console, a lazy chunk of its own (none of it is in the public bundle).
// The server decides who is staff (api/admin/me answers 403 to anyone else); the pages a role may
// open come from the page registry (pages/index.ts).

export function Component() {
  const { t } = useTranslation('console');
  const me = useConsoleMe();
  useDocumentTitle(t('title'), { layout: true });
  const routes = useMemo(() => consolePages.map((p) => ({ ...p, Page: lazy(() => p.load().then((m) => ({ default: m.Component }))) })), []);

  if (me.isPending) return <PageSpinner />;
  if (me.error) return me.error instanceof ApiError && me.error.kind === 'not_logged_in' ? <ConsoleSignIn /> : <ConsoleForbidden />;
  const role = me.data.role;
  const open = routes.filter((p) => canOpen(role, p));
  const home = open[0]?.path ?? '';
  return (
    <ConsoleLayout me={me.data}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {open.map(({ path, Page }) => (
            <Route key={path} path={path || undefined} index={!path || undefined} element={<Page />} />
          ))}
          {/* A page this role may not open, or an unknown one. */}
          {routes
            .filter((p) => !canOpen(role, p))
            .map(({ path }) => (
              <Route key={path} path={path} element={<ConsoleForbidden inside />} />
            ))}
          {!open.some((p) => !p.path) && <Route index element={<Navigate to={adminPage(home)} replace />} />}
          <Route path="*" element={<Navigate to={adminPage()} replace />} />
        </Routes>
      </Suspense>
    </ConsoleLayout>
  );
}
