import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceBook } from '@livesports/contracts/console-catalog';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';

// GET api/admin/prices: recharge packages, noble and guard prices in force.
export const fetchPriceBook = () => request(priceBook, {});

export const priceBookQueryOptions = () => queryOptions({ queryKey: consoleKeys.prices(), queryFn: fetchPriceBook });

export const usePriceBook = () => useQuery(priceBookQueryOptions());
