import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import { PageSpinner } from '@/shared/ui/spinner';
import { ToasterHost } from '@/shared/ui/toaster-host';
import { AppInit } from './app-init';

// Providers: one QueryClient, i18n, toasts, app start-up, an error boundary.

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts every failure; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

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
        <QueryClientProvider client={queryClient}>
          <AppInit />
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          <ToasterHost />
        </QueryClientProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
