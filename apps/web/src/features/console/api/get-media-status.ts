import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaStatus } from '@livesports/contracts/console-catalog';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';

// GET api/admin/media/status: this process's RTMP ingest, ffmpeg and transcoders.
export const fetchMediaStatus = () => request(mediaStatus, {});

export const mediaStatusQueryOptions = () => queryOptions({ queryKey: consoleKeys.media(), queryFn: fetchMediaStatus, refetchInterval: 5_000 });

export const useMediaStatus = () => useQuery(mediaStatusQueryOptions());
