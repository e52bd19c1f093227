import { z } from 'zod';
import { defineCall } from './call.ts';
import { idField, limitField, pageField, pageOf } from './content.ts';
import { FollowType } from './social-constants.ts';

// Follows (anchors, writers, users) and personal spaces. One follows table serves all three
// kinds, so the live rooms follow anchors through the very same call.

export * from './social-constants.ts';

const followType = z.coerce
  .number({ error: 'social.type_invalid' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'social.type_invalid' }))
  .default(FollowType.USER);
const optionalUid = idField.optional();

/** A person in a list (follows, fans, search results). */
export const personSchema = z.object({
  id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  signature: z.string(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  /** Anchor level (1 for non-anchors). */
  level: z.number(),
  fans: z.number(),
  /** Whether the viewer follows this person (any kind; 0 for guests). */
  is_followed: z.union([z.literal(0), z.literal(1)]),
  /** In follow lists: the kind of the follow and when it was made. */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  followed_at: z.string().optional(),
});
export type Person = z.infer<typeof personSchema>;

export const attention = defineCall({
  method: 'POST',
  path: 'api/Member/attention',
  auth: true,
  input: z.object({
    /** The person to follow (anchor uid for anchors). */
    id: idField,
    type: followType,
    /** 1 follow, 0 unfollow; absent = toggle. */
    attention: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .optional(),
  }),
  data: z.object({ is_followed: z.union([z.literal(0), z.literal(1)]), fans: z.number() }),
});

/** Who a user follows (uid, default the caller), one kind at a time or all (type 0). */
export const attentionList = defineCall({
  method: 'GET',
  path: 'api/User/attentionList',
  auth: false,
  input: z.object({
    uid: optionalUid,
    type: z.coerce
      .number({ error: 'social.type_invalid' })
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'social.type_invalid' }))
      .default(0),
    page: pageField,
    limit: limitField(20),
  }),
  data: pageOf(personSchema),
});

/** Who follows a user (fans; uid, default the caller). */
export const watchlistList = defineCall({
  method: 'GET',
  path: 'api/User/watchlistList',
  auth: false,
  input: z.object({ uid: optionalUid, page: pageField, limit: limitField(20) }),
  data: pageOf(personSchema),
});

export const profileSchema = z.object({
  id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  signature: z.string(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  level: z.number(),
  exp: z.number(),
  /** 1 when the person has published at least one headline. */
  is_writer: z.union([z.literal(0), z.literal(1)]),
  follows: z.number(),
  fans: z.number(),
  posts: z.number(),
  articles: z.number(),
  /** Kinds (1 anchor, 2 writer, 3 user) under which the viewer follows this person. */
  followed_as: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  is_mine: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The public profile of a personal space (/persona). */
export const getUserInfo = defineCall({
  method: 'GET',
  path: 'api/User/getUserInfo',
  auth: false,
  input: z.object({ uid: idField }),
  data: profileSchema,
});

/** Anchor level ladder (experience needed per level) and, when logged in, where the caller stands. */
export const anchorExperienceList = defineCall({
  method: 'GET',
  path: 'api/User/anchorExperienceList',
  auth: false,
  input: z.object({}),
  data: z.object({
    levels: z.array(z.object({ level: z.number(), exp: z.number() })),
    exp: z.number().nullable(),
    level: z.number().nullable(),
    next_exp: z.number().nullable(),
  }),
});
