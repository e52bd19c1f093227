import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console-users';
import { sanctionMinutes } from '@livesports/contracts/console-users';
import { answer, route } from '../../platform/route.ts';
import type { ConsoleUsersService } from './console-users.service.ts';
import type { SanctionsService } from './sanctions.service.ts';

/** The console's Users calls (api/admin/users/…); `route()` enforces each call's staff role. */
export async function consoleUsersRoutes(app: FastifyInstance, opts: { users: ConsoleUsersService; sanctions: SanctionsService }) {
  const { users, sanctions } = opts;
  route(app, calls.consoleUserSearch, (input, { user }) => users.search(user, input));
  route(app, calls.consoleUserDetail, (input, { user }) => users.detail(user, input.id));
  route(app, calls.consoleUserLedger, (input) => users.ledger(input.id, input.page, input.limit));
  route(app, calls.consoleUserOrders, (input) => users.orders(input.id, input.page, input.limit));
  route(app, calls.consoleUserWithdrawals, (input) => users.withdrawals(input.id, input.page, input.limit));
  route(app, calls.consoleUserRooms, (input) => users.rooms(input.id, input.page, input.limit));
  route(app, calls.consoleUserReports, (input) => users.reports(input.id, input.page, input.limit));
  route(app, calls.consoleUserSanctions, (input) => users.sanctionHistory(input.id, input.page, input.limit));
  route(app, calls.consoleUserSanction, (input, { user }) =>
    sanctions.impose(user, { userId: input.id, kind: input.kind, minutes: sanctionMinutes(input.duration ?? 0, input.unit), reason: input.reason }).then((d) => answer(d, 'console_users.sanctioned')),
  );
  route(app, calls.consoleUserLift, (input, { user }) => sanctions.lift(user, input.sanction_id, input.reason).then((d) => answer(d, 'console_users.lifted')));
}
