import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { listAnchorApplications } from '@/shared/api/call-refs';

// GET api/admin/anchorApplications: every application, oldest pending first (the console keeps the pending ones).
export const fetchApplications = () => request(listAnchorApplications, { page: 1, limit: 50 });

export const applicationsQueryOptions = () => queryOptions({ queryKey: consoleKeys.applications(), queryFn: fetchApplications });

export const useApplications = () => useQuery(applicationsQueryOptions());
