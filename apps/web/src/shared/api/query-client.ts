import { QueryClient } from '@tanstack/react-query';

// The site's one QueryClient. Its module (and TanStack Query's core with it) is loaded by
// ./with-queries.tsx when the first component that reads the server needs it, not with the first
// paint: the phone's home shows before it (issue #16, 120 kB of JavaScript).
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts every failure; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
