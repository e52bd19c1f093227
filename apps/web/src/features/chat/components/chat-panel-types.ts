/** My role in the room as the moderation call answers it. */
export type RoomRole = 'anchor' | 'admin' | 'viewer';
