import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { siteSettings } from '@/shared/api/call-refs';

// GET api/admin/settings: the spec settings, links, hot words, banner and announcement.
export const fetchSiteSettings = () => request(siteSettings, {});

export const siteSettingsQueryOptions = () => queryOptions({ queryKey: consoleKeys.settings(), queryFn: fetchSiteSettings });

export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());
