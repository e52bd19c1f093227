import type { QueryClient } from '@tanstack/react-query';
import { economyKeys } from '../api/keys';
import { invalidateTags } from '@/shared/api/query-tags';

/**
 * After money moved: every economy view, and whatever else shows money (the user info's
 * `balance` feeds the header and the stored user, spec §3; the member centre) is fetched again.
 */
export function afterMoneyMoved(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: economyKeys.all });
  void invalidateTags(queryClient, 'money');
}
