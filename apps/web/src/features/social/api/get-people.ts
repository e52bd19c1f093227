import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { tagged } from '@/shared/api/query-tags';
import { socialKeys } from './keys';
import { attentionList, watchlistList } from '@/shared/api/call-refs';

// GET api/User/attentionList (who someone follows, per kind) and api/User/watchlistList (their fans).
export type PeopleList = 'following' | 'fans';
export interface PeopleInput {
  uid?: number;
  /** Following only: 0 all, 1 anchors, 2 writers, 3 users. */
  type?: 0 | 1 | 2 | 3;
  page: number;
  limit: number;
}

export const fetchPeople = (list: PeopleList, input: PeopleInput) =>
  list === 'following' ? request(attentionList, input) : request(watchlistList, { uid: input.uid, page: input.page, limit: input.limit });

export const peopleQueryOptions = (list: PeopleList, input: PeopleInput) =>
  queryOptions({ queryKey: socialKeys.people(list, input), meta: tagged('follows'), queryFn: () => fetchPeople(list, input), placeholderData: keepPreviousData });

/** `enabled: false` (a guest's own lists) asks nothing: the server would only answer "log in first". */
export const usePeople = (list: PeopleList, input: PeopleInput, enabled = true) => useQuery({ ...peopleQueryOptions(list, input), enabled });
