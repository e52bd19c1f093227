import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftList, userGiftList } from '@livesports/contracts/economy-gifts';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';

// GET api/Gift/getList: the catalogue (names in the interface language). The console changes prices and
// switches gifts off: a copy older than a minute is read again when the tab comes back into view.
export const giftsQueryOptions = () => queryOptions({ queryKey: ['economy', 'gifts', currentLanguage()], queryFn: () => request(giftList, {}), staleTime: 60_000 });
export const useGifts = () => useQuery(giftsQueryOptions());

// GET api/Gift/getUserGiftList: the backpack.
export const useBackpack = (enabled = true) => useQuery({ queryKey: ['economy', 'backpack', currentLanguage()], queryFn: () => request(userGiftList, {}), enabled });
