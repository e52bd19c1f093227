import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console-catalog';
import { route } from '../../platform/route.ts';
import type { MatchesStaffService } from './staff.service.ts';

/** The console's feeds page (administrators). */
export async function matchesStaffRoutes(app: FastifyInstance, opts: { staff: MatchesStaffService }) {
  const { staff } = opts;
  route(app, calls.feedStatus, () => staff.status());
  route(app, calls.feedRotateToken, (input, { user }) => staff.rotate(user, input.reason));
}
