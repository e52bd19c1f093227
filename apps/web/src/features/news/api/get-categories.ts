import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { newsKeys } from './keys';
import { classifyList } from '@/shared/api/call-refs';

// GET api/Headlines/classifyList: headline categories, named in the interface language.
export const fetchCategories = () => request(classifyList, {});

export const categoriesQueryOptions = () => queryOptions({ queryKey: newsKeys.categories(currentLanguage()), queryFn: fetchCategories, staleTime: 10 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
