import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console-catalog';
import { answer, route } from '../../platform/route.ts';
import type { SystemStaffService } from './staff.service.ts';

/** The console's settings page (administrators). */
export async function systemStaffRoutes(app: FastifyInstance, opts: { staff: SystemStaffService }) {
  const { staff } = opts;
  route(app, calls.siteSettings, () => staff.current());
  route(app, calls.settingsSave, async (input, { user }) => answer(await staff.save(user, input), 'console.saved'));
}
