import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/social';
import { answer, route } from '../../platform/route.ts';
import type { SocialService } from './service.ts';

export async function socialRoutes(app: FastifyInstance, opts: { service: SocialService }) {
  const { service } = opts;
  route(app, calls.attention, (input, { user }) => service.attention(user, input).then((d) => answer(d, d.is_followed ? 'social.followed' : 'social.unfollowed')));
  route(app, calls.attentionList, (input, { user }) => service.following(input, user?.id ?? null));
  route(app, calls.watchlistList, (input, { user }) => service.fans(input, user?.id ?? null));
  route(app, calls.getUserInfo, (input, { user }) => service.profile(input.uid, user?.id ?? null));
  route(app, calls.anchorExperienceList, (_input, { user }) => service.experience(user?.id ?? null));
}
