import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { dashboard } from '@/shared/api/call-refs';

// GET api/admin/dashboard: the site now and the last 30 days (money for administrators only).
export const fetchDashboard = () => request(dashboard, {});

export const dashboardQueryOptions = () => queryOptions({ queryKey: consoleKeys.dashboard(), queryFn: fetchDashboard, refetchInterval: 15_000, staleTime: 5_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
