import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { mediaStatus } from '@/shared/api/call-refs';

// GET api/admin/media/status: this process's RTMP ingest, ffmpeg and transcoders.
export const fetchMediaStatus = () => request(mediaStatus, {});

export const mediaStatusQueryOptions = () => queryOptions({ queryKey: consoleKeys.media(), queryFn: fetchMediaStatus, refetchInterval: 5_000 });

export const useMediaStatus = () => useQuery(mediaStatusQueryOptions());
