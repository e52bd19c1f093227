import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Clip } from '@livesports/contracts/replays';
import { ClipStatus, ReplayStatus } from '@livesports/contracts/replays-constants';
import * as api from '@/shared/api/call-refs';
import { request, requestWithMsg } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';

// Replays and clips: lists, one replay and its timeline windows, the anchor's own, and changes.

const key = ['replays'] as const;

/** GET api/Replay/getList: a room's replays (ready and shown). */
export const useReplayList = (roomId: number, page = 1, limit = 8) =>
  useQuery({ queryKey: [...key, 'list', roomId, page, limit], queryFn: () => request(api.getReplayList, { room_id: roomId, page, limit }), enabled: roomId > 0, placeholderData: keepPreviousData });

/** GET api/Replay/getInfo: one replay with its play URLs (visitors get SD and below) and match marks. */
export function useReplay(id: number) {
  const islogin = useAuthStore((s) => s.islogin);
  return useQuery({ queryKey: [...key, 'one', id, islogin], queryFn: () => request(api.getReplay, { id }), enabled: id > 0, retry: false });
}

/** GET api/Replay/getTimeline: chat, gifts and viewers' danmaku of one window of the video. */
export const useTimeline = (id: number, from: number, enabled: boolean) =>
  useQuery({ queryKey: [...key, 'timeline', id, from], queryFn: () => request(api.getTimeline, { id, from }), enabled: enabled && id > 0, staleTime: 60_000 });

export const useClip = (id: number) =>
  useQuery({
    queryKey: [...key, 'clip', id],
    queryFn: () => request(api.getClip, { id }),
    enabled: id > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === ClipStatus.MAKING ? 1000 : false),
  });

export const useClips = (replayId: number) =>
  useQuery({
    queryKey: [...key, 'clips', replayId],
    queryFn: () => request(api.getClipList, { replay_id: replayId }),
    enabled: replayId > 0,
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.status === ClipStatus.MAKING) ? 1000 : false),
  });

export const useMyReplays = (page: number, limit: number, enabled: boolean) =>
  useQuery({
    queryKey: [...key, 'mine', page, limit],
    queryFn: () => request(api.getMyReplays, { page, limit }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === ReplayStatus.RECORDING) ? 3000 : false),
  });

export const useRecording = (enabled: boolean) => useQuery({ queryKey: [...key, 'recording'], queryFn: () => request(api.getRecording, {}), enabled });

/** Any change: refresh every replay query, then tell the caller the server's message. */
function useChange<I>(fn: (input: I) => Promise<{ msg: string }>, onSuccess?: (msg: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ msg }) => {
      void qc.invalidateQueries({ queryKey: key });
      onSuccess?.(msg);
    },
  });
}

export const useSetRecording = (done?: (msg: string) => void) => useChange((record: 0 | 1) => requestWithMsg(api.setRecording, { record }), done);
export const useSetHidden = (done?: (msg: string) => void) => useChange((i: { id: number; hidden: 0 | 1 }) => requestWithMsg(api.setReplayHidden, i), done);
export const useDeleteReplay = (done?: (msg: string) => void) => useChange((id: number) => requestWithMsg(api.deleteReplay, { id }), done);
export const usePublishClip = (done?: (msg: string) => void) => useChange((id: number) => requestWithMsg(api.publishClip, { id }), done);
export const useDeleteClip = (done?: (msg: string) => void) => useChange((id: number) => requestWithMsg(api.deleteClip, { id }), done);

export function useCreateClip(done?: (clip: Clip, msg: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (i: { replay_id: number; start: number; end: number; title: string; exact: 0 | 1 }) => requestWithMsg(api.createClip, i),
    onSuccess: ({ data, msg }) => {
      void qc.invalidateQueries({ queryKey: key });
      done?.(data, msg);
    },
  });
}

/** POST api/Replay/sendDanmaku: the viewer's danmaku, pinned to the second they are watching. */
export const sendReplayDanmaku = (id: number, t: number, text: string) => request(api.sendReplayDanmaku, { id, t, text });
