import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditList } from '@livesports/contracts/console';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';

export type AuditFilters = CallInput<typeof auditList>;

// GET api/admin/audit/list: the audit log, newest first, filtered.
export const fetchAuditList = (filters: AuditFilters) => request(auditList, filters);

export const auditListQueryOptions = (filters: AuditFilters) => queryOptions({ queryKey: consoleKeys.audit(filters), queryFn: () => fetchAuditList(filters), placeholderData: keepPreviousData });

export const useAuditList = (filters: AuditFilters) => useQuery(auditListQueryOptions(filters));
