import type { FastifyInstance } from 'fastify';
import { ImCustomType } from '@livesports/contracts/chat-constants';
import * as calls from '@livesports/contracts/console-content';
import { route } from '../../platform/route.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuditInput } from '../console/plugin.ts';
import type { MessagesService } from './messages.service.ts';
import type { ModerationService } from './moderation.service.ts';

/**
 * The console's warning into a room (moderators): a notice (custom type 103, action `warning`)
 * stored in the room's history like any message, so viewers joining later see it too.
 */
export async function chatStaffRoutes(
  app: FastifyInstance,
  opts: { messages: MessagesService; moderation: ModerationService; audit: (entry: AuditInput) => Promise<void>; anchor: (roomId: number) => Promise<{ nick: string } | null> },
) {
  route(app, calls.roomWarn, async (input, { user }) => {
    const anchor = await opts.anchor(input.room_id);
    if (!anchor) throw notFound('console.room_not_found');
    await opts.moderation.requireRoom(input.room_id).catch(() => {
      throw notFound('console.room_not_found');
    });
    const m = await opts.messages.postNotice(input.room_id, user.id, { type: ImCustomType.NOTICE, action: 'warning', target: { id: input.room_id, nick: anchor.nick }, text: input.text });
    await opts.audit({ actorId: user.id, action: 'room.warn', targetType: 'room', targetId: String(input.room_id), after: { text: input.text, seq: m.seq } });
    return { room_id: input.room_id, seq: m.seq };
  });
}
