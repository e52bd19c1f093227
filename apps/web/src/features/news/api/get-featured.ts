import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { lightCalls } from '@/shared/api/light-calls';
import { currentLanguage } from '@/shared/i18n';
import { newsKeys } from './keys';

// GET api/Headlines/featured: the headlines staff put on the home page, in their order (a light
// call: the home page must not load zod for it).
export const fetchFeatured = () => request(lightCalls.featuredArticles, {});

export const featuredQueryOptions = () => queryOptions({ queryKey: newsKeys.featured(currentLanguage()), queryFn: fetchFeatured, staleTime: 30_000 });

export const useFeatured = () => useQuery(featuredQueryOptions());
