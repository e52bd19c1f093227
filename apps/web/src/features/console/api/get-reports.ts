import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { reportsList } from '@/shared/api/call-refs';

export type ReportsFilter = CallInput<typeof reportsList>;

// GET api/admin/reports/list: reports grouped by target, oldest waiting first.
export const fetchReports = (filter: ReportsFilter) => request(reportsList, filter);

export const reportsQueryOptions = (filter: ReportsFilter) => queryOptions({ queryKey: consoleKeys.reports(filter), queryFn: () => fetchReports(filter), placeholderData: keepPreviousData });

export const useReports = (filter: ReportsFilter) => useQuery(reportsQueryOptions(filter));
