import { Component, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import { PageSpinner } from '@/shared/ui/spinner';
import { ToasterHost } from '@/shared/ui/toaster-host';

// Providers: i18n, toasts, an error boundary. The QueryClient is not here: what reads the server
// brings it with its own code (shared/api/with-queries.tsx), so the phone's home paints before
// TanStack Query's core has loaded; the start-up calls come with the layouts (router.tsx, AppStart).

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <div className="page status-page" role="alert">
          <div className="status-page__code">!</div>
          <h1 className="status-page__title">{i18n.t('layout:status.errorTitle')}</h1>
          <p className="status-page__text">{i18n.t('layout:status.errorText')}</p>
          <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
            {i18n.t('layout:status.reload')}
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        <ToasterHost />
      </I18nextProvider>
    </ErrorBoundary>
  );
}
