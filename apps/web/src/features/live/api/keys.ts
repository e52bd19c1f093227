// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const liveKeys = {
  all: ['live'] as const,
  application: (...params: readonly unknown[]) => [...liveKeys.all, 'application', ...params] as const,
  myRoom: (...params: readonly unknown[]) => [...liveKeys.all, 'my-room', ...params] as const,
  record: (...params: readonly unknown[]) => [...liveKeys.all, 'record', ...params] as const,
  matchRooms: (...params: readonly unknown[]) => [...liveKeys.all, 'match-rooms', ...params] as const,
  linkableMatches: (...params: readonly unknown[]) => [...liveKeys.all, 'linkable-matches', ...params] as const,
  reservations: (...params: readonly unknown[]) => [...liveKeys.all, 'reservations', ...params] as const,
  myReservations: (...params: readonly unknown[]) => [...liveKeys.all, 'my-reservations', ...params] as const,
  liveList: (...params: readonly unknown[]) => [...liveKeys.all, 'live-list', ...params] as const,
  roomList: (...params: readonly unknown[]) => [...liveKeys.all, 'room-list', ...params] as const,
  room: (...params: readonly unknown[]) => [...liveKeys.all, 'room', ...params] as const,
  online: (...params: readonly unknown[]) => [...liveKeys.all, 'online', ...params] as const,
  streamHealth: (...params: readonly unknown[]) => [...liveKeys.all, 'stream-health', ...params] as const,
};
