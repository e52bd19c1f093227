import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { priceBook } from '@/shared/api/call-refs';

// GET api/admin/prices: recharge packages, noble and guard prices in force.
export const fetchPriceBook = () => request(priceBook, {});

export const priceBookQueryOptions = () => queryOptions({ queryKey: consoleKeys.prices(), queryFn: fetchPriceBook });

export const usePriceBook = () => useQuery(priceBookQueryOptions());
