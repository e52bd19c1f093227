import type { QueryClient } from '@tanstack/react-query';

/**
 * After money moved: every economy view, and the user info (its `balance` feeds the header and
 * the stored user, spec §3) are fetched again.
 */
export function afterMoneyMoved(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['economy'] });
  void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
  void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
}
