import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberInfo } from '@livesports/contracts/account';
import { request } from '@/shared/api/client';

// GET api/Member/info: the signed-in person's full profile.
export const fetchMemberInfo = () => request(memberInfo, {});

export const memberInfoQueryOptions = () => queryOptions({ queryKey: ['member', 'info'], queryFn: fetchMemberInfo });

export const useMemberInfo = (enabled = true) => useQuery({ ...memberInfoQueryOptions(), enabled });
