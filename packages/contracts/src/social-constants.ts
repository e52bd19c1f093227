// Plain values of the social domain (no zod), so a first-loaded web chunk (a headline's follow
// button, a live room's) can use them without pulling the schema library in. social.ts re-exports
// everything here.

/** What a follow is of: 1 anchor, 2 writer, 3 user (the wire uses the numbers). */
export const FollowType = { ANCHOR: 1, WRITER: 2, USER: 3 } as const;
export type FollowTypeValue = (typeof FollowType)[keyof typeof FollowType];
export const FOLLOW_KINDS = { 1: 'anchor', 2: 'writer', 3: 'user' } as const;
export type FollowKind = (typeof FOLLOW_KINDS)[FollowTypeValue];
