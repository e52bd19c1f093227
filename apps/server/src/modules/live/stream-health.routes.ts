import type { FastifyInstance } from 'fastify';
import * as health from '@livesports/contracts/live-health';
import { route } from '../../platform/route.ts';
import type { StreamHealthService } from './stream-health.service.ts';

/** The anchor's own stream health (the studio polls it while live). */
export async function streamHealthRoutes(app: FastifyInstance, opts: { health: StreamHealthService }) {
  route(app, health.streamHealth, async (input, { user, req }) => opts.health.mine(user, input.room_id, req.lang));
}
