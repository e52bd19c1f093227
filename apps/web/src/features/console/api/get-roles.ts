import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { rolesList } from '@/shared/api/call-refs';

export type RolesFilter = CallInput<typeof rolesList>;

// GET api/admin/roles/list: the staff, or people found by id, nickname or e-mail.
export const fetchRoles = (filter: RolesFilter) => request(rolesList, filter);

export const rolesQueryOptions = (filter: RolesFilter) => queryOptions({ queryKey: consoleKeys.roles(filter), queryFn: () => fetchRoles(filter), placeholderData: keepPreviousData });

export const useRoles = (filter: RolesFilter) => useQuery(rolesQueryOptions(filter));
