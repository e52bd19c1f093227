import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftList, userGiftList } from '@livesports/contracts/economy-gifts';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { economyKeys } from './keys';

// GET api/Gift/getList: the catalogue (names in the interface language).
export const giftsQueryOptions = () => queryOptions({ queryKey: economyKeys.gifts(currentLanguage()), queryFn: () => request(giftList, {}), staleTime: 5 * 60_000 });
export const useGifts = () => useQuery(giftsQueryOptions());

// GET api/Gift/getUserGiftList: the backpack.
export const useBackpack = (enabled = true) => useQuery({ queryKey: economyKeys.backpack(currentLanguage()), queryFn: () => request(userGiftList, {}), enabled });
