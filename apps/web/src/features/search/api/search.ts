import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { tagged } from '@/shared/api/query-tags';
import { searchKeys } from './keys';
import { searchAnchor, searchArticles, searchIndex, searchLive, searchPosts } from '@/shared/api/call-refs';

// GET api/Search/index (a few of each kind; counts the word for the hot list) and the paged
// tabs api/Search/anchor, api/Search/live, api/Search/article, api/Search/post.
export const SECTION_LIMIT = 6;
export const TAB_LIMIT = 20;

export const fetchSearch = (name: string) => request(searchIndex, { name, limit: SECTION_LIMIT });
export const searchQueryOptions = (name: string) => queryOptions({ queryKey: searchKeys.all(name), meta: tagged('follows'), queryFn: () => fetchSearch(name), staleTime: 30_000 });
export const useSearch = (name: string) => useQuery({ ...searchQueryOptions(name), enabled: name.length > 0 });

export type SearchTab = 'anchors' | 'lives' | 'articles' | 'posts';
const calls = { anchors: searchAnchor, lives: searchLive, articles: searchArticles, posts: searchPosts } as const;

export const fetchSearchTab = (tab: SearchTab, name: string, page: number) => request(calls[tab], { name, page, limit: TAB_LIMIT });
export const searchTabQueryOptions = (tab: SearchTab, name: string, page: number) =>
  queryOptions({ queryKey: searchKeys.tab(tab, name, page), meta: tagged('follows'), queryFn: () => fetchSearchTab(tab, name, page), placeholderData: keepPreviousData });
export const useSearchTab = (tab: SearchTab, name: string, page: number, enabled: boolean) => useQuery({ ...searchTabQueryOptions(tab, name, page), enabled: enabled && name.length > 0 });
