import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { memberKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { memberInfo } from '@/shared/api/call-refs';

// GET api/Member/info: the signed-in person's full profile.
export const fetchMemberInfo = () => request(memberInfo, {});

export const memberInfoQueryOptions = () => queryOptions({ queryKey: memberKeys.info(), meta: tagged('money', 'profile', 'account'), queryFn: fetchMemberInfo });

export const useMemberInfo = (enabled = true) => useQuery({ ...memberInfoQueryOptions(), enabled });
