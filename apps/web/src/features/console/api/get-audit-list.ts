import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { auditList } from '@/shared/api/call-refs';

export type AuditFilters = CallInput<typeof auditList>;

// GET api/admin/audit/list: the audit log, newest first, filtered.
export const fetchAuditList = (filters: AuditFilters) => request(auditList, filters);

export const auditListQueryOptions = (filters: AuditFilters) => queryOptions({ queryKey: consoleKeys.audit(filters), queryFn: () => fetchAuditList(filters), placeholderData: keepPreviousData });

export const useAuditList = (filters: AuditFilters) => useQuery(auditListQueryOptions(filters));
