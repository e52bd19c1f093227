import type { FastifyInstance } from 'fastify';
import * as catalog from '@livesports/contracts/console-catalog';
import * as calls from '@livesports/contracts/console-content';
import { route } from '../../platform/route.ts';
import type { LiveStaffService } from './staff.service.ts';

/** The console's rooms page (moderators) and media status (administrators). */
export async function liveStaffRoutes(app: FastifyInstance, opts: { staff: LiveStaffService }) {
  const { staff } = opts;
  route(app, calls.roomList, (input) => staff.list(input));
  route(app, calls.roomEnd, (input, { user }) => staff.end(user, input.room_id, input.reason));
  route(app, calls.roomResetKey, (input, { user }) => staff.resetKey(user, input.room_id, input.reason));
  route(app, calls.roomUpdate, (input, { user }) => staff.update(user, input.room_id, { title: input.title, type: input.type }, input.reason));
  route(app, catalog.mediaStatus, (_input, { req }) => staff.media(req.lang));
}
