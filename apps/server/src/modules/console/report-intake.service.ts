import { ImElemType } from '@livesports/contracts/chat-constants';
import type { AuthUser } from '../../platform/auth.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { ReportIntakeRepo } from './reports.repo.ts';

/**
 * Viewers report a chat line or a room. A chat report names the person who wrote the line (the
 * queue groups by person: mute or ban is what can be done about chat) and keeps the line's text;
 * a room report names the room, whose id is its anchor's.
 */
export function createReportIntakeService(deps: { repo: ReportIntakeRepo }) {
  const { repo } = deps;
  return {
    async chat(user: AuthUser, input: { room_id: number; seq: number; reason: string; detail: string }) {
      const line = await repo.chatLine(input.room_id, input.seq);
      const author = line && /^\d+$/.test(line.from) ? Number(line.from) : null;
      // Only people's text lines (not notices, not guests' nothing).
      if (!line || line.type !== ImElemType.TEXT || author == null) throw notFound('content.report_target_missing');
      if (author === user.id) throw badInput('content.report_self');
      const said = `“${String(line.payload?.text ?? '').slice(0, 200)}” (room ${input.room_id}, #${input.seq})`;
      const detail = input.detail ? `${said} — ${input.detail}` : said;
      await repo.insert({ reporterId: user.id, targetType: 'chat', targetId: author, reason: input.reason, detail: detail.slice(0, 500) });
    },
    async room(user: AuthUser, input: { room_id: number; reason: string; detail: string }) {
      if (!(await repo.roomExists(input.room_id))) throw notFound('content.report_target_missing');
      if (input.room_id === user.id) throw badInput('content.report_self');
      await repo.insert({ reporterId: user.id, targetType: 'room', targetId: input.room_id, reason: input.reason, detail: input.detail });
    },
  };
}
export type ReportIntakeService = ReturnType<typeof createReportIntakeService>;
