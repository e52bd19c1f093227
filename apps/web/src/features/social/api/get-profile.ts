import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { socialKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { getUserInfo } from '@/shared/api/call-refs';

// GET api/User/getUserInfo: the header of a personal space.
export const fetchProfile = (uid: number) => request(getUserInfo, { uid });

export const profileQueryOptions = (uid: number) => queryOptions({ queryKey: socialKeys.profile(uid), meta: tagged('follows'), queryFn: () => fetchProfile(uid) });

export const useProfile = (uid: number) => useQuery({ ...profileQueryOptions(uid), enabled: uid > 0 });
