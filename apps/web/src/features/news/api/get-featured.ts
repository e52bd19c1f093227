import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuredArticles } from '@livesports/contracts/console-content';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { newsKeys } from './keys';

// GET api/Headlines/featured: the headlines staff put on the home page, in their order.
export const fetchFeatured = () => request(featuredArticles, {});

export const featuredQueryOptions = () => queryOptions({ queryKey: newsKeys.featured(currentLanguage()), queryFn: fetchFeatured, staleTime: 30_000 });

export const useFeatured = () => useQuery(featuredQueryOptions());
