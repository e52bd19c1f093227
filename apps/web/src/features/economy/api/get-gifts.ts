import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { tagged } from '@/shared/api/query-tags';
import { economyKeys } from './keys';
import { giftList, userGiftList } from '@/shared/api/call-refs';

// GET api/Gift/getList: the catalogue (names in the interface language). The console changes prices and
// switches gifts off: a copy older than a minute is read again when the tab comes back into view.
export const giftsQueryOptions = () => queryOptions({ queryKey: economyKeys.gifts(currentLanguage()), meta: tagged('money'), queryFn: () => request(giftList, {}), staleTime: 60_000 });
export const useGifts = () => useQuery(giftsQueryOptions());

// GET api/Gift/getUserGiftList: the backpack.
export const useBackpack = (enabled = true) => useQuery({ queryKey: economyKeys.backpack(currentLanguage()), meta: tagged('money'), queryFn: () => request(userGiftList, {}), enabled });
