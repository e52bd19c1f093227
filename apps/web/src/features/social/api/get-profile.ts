import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@livesports/contracts/social';
import { request } from '@/shared/api/client';

// GET api/User/getUserInfo: the header of a personal space.
export const fetchProfile = (uid: number) => request(getUserInfo, { uid });

export const profileQueryOptions = (uid: number) => queryOptions({ queryKey: ['social', 'profile', uid], queryFn: () => fetchProfile(uid) });

export const useProfile = (uid: number) => useQuery({ ...profileQueryOptions(uid), enabled: uid > 0 });
