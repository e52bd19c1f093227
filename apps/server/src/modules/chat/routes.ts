import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/chat';
import { route } from '../../platform/route.ts';
import type { ChatCredentials } from './credentials.ts';

export async function chatRoutes(app: FastifyInstance, opts: { credentials: ChatCredentials; rateLimitScale: number }) {
  // Each tourist credential is a new identity: limit how fast one address can mint them.
  const limit = opts.rateLimitScale > 0 ? { rateLimit: { max: Math.ceil(30 * opts.rateLimitScale), timeWindow: '1 minute' } } : {};
  route(app, calls.imTouristAccount, async () => opts.credentials.tourist(), limit);
  route(app, calls.imSign, async (_input, { user }) => opts.credentials.member(user));
}
