import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { liveKeys } from './keys';
import { streamHealth } from '@/shared/api/call-refs';

// GET api/Anchor/streamHealth: what the ingest receives from the anchor's own encoder.

/** How often the studio asks while the room is open: figures change by the second, warnings within a few. */
export const STREAM_HEALTH_POLL_MS = 3_000;

export const fetchStreamHealth = () => request(streamHealth, {});

export const streamHealthQueryOptions = () => queryOptions({ queryKey: liveKeys.streamHealth(), queryFn: fetchStreamHealth, refetchInterval: STREAM_HEALTH_POLL_MS });

/** Polled only while the room is open (waiting for the stream or live). */
export const useStreamHealth = (enabled: boolean) => useQuery({ ...streamHealthQueryOptions(), enabled });
