import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { newsKeys } from './keys';
import { featuredArticles } from '@/shared/api/call-refs';

// GET api/Headlines/featured: the headlines staff put on the home page, in their order (a light
// call: the home page must not load zod for it).
export const fetchFeatured = () => request(featuredArticles, {});

export const featuredQueryOptions = () => queryOptions({ queryKey: newsKeys.featured(currentLanguage()), queryFn: fetchFeatured, staleTime: 30_000 });

export const useFeatured = () => useQuery(featuredQueryOptions());
