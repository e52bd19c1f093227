import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { afterMoneyMoved } from '../lib/refresh';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { inviteClaim, inviteInfo } from '@/shared/api/call-refs';

// GET api/Invite/getInfo and POST api/Invite/claim.
export const useInviteInfo = () => useQuery({ queryKey: economyKeys.invite(), meta: tagged('money'), queryFn: () => request(inviteInfo, {}) });

export function useInviteClaim(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestWithMsg(inviteClaim, {}),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}
