import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { giftCatalogue } from '@/shared/api/call-refs';

// GET api/admin/gifts/list: the whole gift catalogue, switched-off gifts included.
export const fetchGiftCatalogue = () => request(giftCatalogue, {});

export const giftCatalogueQueryOptions = () => queryOptions({ queryKey: consoleKeys.gifts(), queryFn: fetchGiftCatalogue });

export const useGiftCatalogue = () => useQuery(giftCatalogueQueryOptions());
