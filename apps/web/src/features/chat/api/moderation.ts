import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as mod from '@/shared/api/call-refs';
import type { SlowModeSeconds } from '@livesports/contracts/chat-moderation';
import { request } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';

// Room moderation calls (api/tenxun/*). Query keys start with ['chat', 'mod', roomId] so one
// invalidation refreshes a room's role, sanctions, admins and log after any action.
const keys = {
  room: (roomId: number) => ['chat', 'mod', roomId] as const,
  role: (roomId: number, userId: number | undefined) => ['chat', 'mod', roomId, 'role', userId] as const,
  admins: (roomId: number) => ['chat', 'mod', roomId, 'admins'] as const,
  sanctions: (roomId: number) => ['chat', 'mod', roomId, 'sanctions'] as const,
  log: (roomId: number, page: number) => ['chat', 'mod', roomId, 'log', page] as const,
  keywords: ['chat', 'keywords'] as const,
};

/** My standing in the room: anchor / admin / viewer, and any mute or kick in force (logged-in only). */
export function useMyRole(roomId: number) {
  const userId = useAuthStore((s) => s.user?.id);
  const islogin = useAuthStore((s) => s.islogin);
  return useQuery({ queryKey: keys.role(roomId, userId), queryFn: () => request(mod.getMyRole, { room_id: roomId }), enabled: islogin && roomId > 0, staleTime: 30_000 });
}

export const useRoomAdmins = (roomId: number) => useQuery({ queryKey: keys.admins(roomId), queryFn: () => request(mod.getRoomAdmin, { room_id: roomId }), enabled: roomId > 0, staleTime: 60_000 });

export const useSanctions = (roomId: number, enabled = true) => useQuery({ queryKey: keys.sanctions(roomId), queryFn: () => request(mod.getSanctions, { room_id: roomId }), enabled });

export const useModLog = (roomId: number, page: number, enabled = true) =>
  useQuery({ queryKey: keys.log(roomId, page), queryFn: () => request(mod.getModLog, { room_id: roomId, page, limit: 20 }), enabled });

export const useKeywords = (enabled = true) => useQuery({ queryKey: keys.keywords, queryFn: () => request(mod.getKeywords, {}), enabled });

/** Every moderation action; afterwards the room's moderation queries are read again. */
export function useModerate(roomId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.room(roomId) });
  return {
    mute: useMutation({ mutationFn: (v: { user_id: number; minutes: number }) => request(mod.muteMember, { room_id: roomId, ...v }), onSuccess: done }),
    kick: useMutation({ mutationFn: (v: { user_id: number; minutes: number }) => request(mod.kickMember, { room_id: roomId, ...v }), onSuccess: done }),
    setSlowMode: useMutation({ mutationFn: (seconds: SlowModeSeconds) => request(mod.setSlowMode, { room_id: roomId, seconds }), onSuccess: done }),
    setAdmin: useMutation({ mutationFn: (v: { user_id: number; status: 0 | 1 }) => request(mod.setRoomAdmin, v), onSuccess: done }),
    setKeywords: useMutation({
      mutationFn: (words: string[]) => request(mod.setKeywords, { words }),
      onSuccess: (data) => {
        qc.setQueryData(keys.keywords, data);
        void done();
      },
    }),
  };
}
