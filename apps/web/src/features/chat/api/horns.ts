import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { useAuthStore } from '@/shared/stores/auth';
import { invalidateTags } from '@/shared/api/query-tags';
import { hornList, nobleInfoCall, sneHorn } from '@/shared/api/call-refs';

// Site-wide horns (api/Member/sneHorn, hornList) and the caller's noble standing (free horns
// left), read here through the contracts so the chat feature does not import the economy's hooks.
const keys = {
  list: ['chat', 'horns'] as const,
  nobleAll: ['chat', 'noble'] as const,
  noble: (userId: number | undefined) => ['chat', 'noble', userId, currentLanguage()] as const,
};

/** The newest horns of the last day (newest first as the server lists them). */
export const useHornList = (enabled = true) => useQuery({ queryKey: keys.list, queryFn: () => request(hornList, {}), enabled, staleTime: 10_000 });

/** My noble membership (null for non-members), for "Free (N left this month)". */
export function useMyNoble(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id);
  const islogin = useAuthStore((s) => s.islogin);
  return useQuery({ queryKey: keys.noble(userId), queryFn: () => request(nobleInfoCall, {}), enabled: enabled && islogin, staleTime: 30_000, select: (d) => d.mine });
}

export interface SendHornInput {
  text: string;
  room_id?: number;
  /** One per intended send: a retry of the same send never pays twice. */
  idempotency_key: string;
}

/** Sends a horn; afterwards the horn list, my noble standing and every balance view are read again. */
export function useSendHorn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendHornInput) => request(sneHorn, input),
    onSuccess: (res) => {
      qc.setQueryData(keys.list, (old: unknown) => (Array.isArray(old) ? [res.horn, ...old.filter((h) => h.id !== res.horn.id)] : old));
      void qc.invalidateQueries({ queryKey: keys.nobleAll });
      void qc.invalidateQueries({ queryKey: keys.list });
      // Every view of the coins just spent (economy's, the header's), through the shared tag.
      void invalidateTags(qc, 'money');
      const u = useAuthStore.getState().user;
      if (u) useAuthStore.getState().setUser({ ...u, balance: res.balance });
    },
  });
}
