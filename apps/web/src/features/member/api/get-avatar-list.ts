import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { memberKeys } from './keys';
import { avatarList } from '@/shared/api/call-refs';

// GET api/user/avatarList: the preset avatars (/avatars/1.svg … /avatars/12.svg).
export const fetchAvatarList = () => request(avatarList, {});

export const avatarListQueryOptions = () => queryOptions({ queryKey: memberKeys.avatars(), queryFn: fetchAvatarList, staleTime: Infinity });

export const useAvatarList = (enabled = true) => useQuery({ ...avatarListQueryOptions(), enabled });
