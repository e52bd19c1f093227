import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateInfo, type MemberInfo } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';
import { memberKeys } from './keys';
import { invalidateTags } from '@/shared/api/query-tags';

// POST api/member/updateInfo: nickname, signature, gender, avatar. Answers the updated profile.
export const updateInfoSchema = updateInfo.input;
export type UpdateInfoInput = { user_nickname?: string; signature?: string; sex?: 0 | 1 | 2; avatar?: string };

export const updateMemberInfo = (input: UpdateInfoInput) => requestWithMsg(updateInfo, input);

export function useUpdateInfo(onSuccess?: (info: MemberInfo, msg: string) => void) {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  return useMutation({
    mutationFn: updateMemberInfo,
    onSuccess: ({ data, msg }) => {
      queryClient.setQueryData(memberKeys.info(), data);
      setUser(data);
      void invalidateTags(queryClient, 'profile');
      onSuccess?.(data, msg);
    },
  });
}
