import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import * as mod from '@livesports/contracts/chat-moderation';
import { uploads } from '../../src/db/schema/content.ts';
import { call, testApp } from '../helpers.ts';
import { approvedAnchor, liveUser } from '../live.helpers.ts';

// Roles respected everywhere (issue #13 item 9): a room's admin (or its anchor) cannot mute or
// kick the site's administrator; an avatar is a built-in one or the user's own finished upload.

describe('room roles against site roles', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });

  it('a room admin and the anchor cannot mute or kick a site administrator; a viewer they can', async () => {
    const siteAdmin = await liveUser(app, { admin: true });
    const anchor = await approvedAnchor(app, siteAdmin);
    const roomAdmin = await liveUser(app);
    const viewer = await liveUser(app);
    expect((await call(app, mod.setRoomAdmin, { user_id: roomAdmin.id, status: 1 }, { token: anchor.token })).code).toBe(200);
    for (const actor of [roomAdmin, anchor]) {
      for (const c of [mod.muteMember, mod.kickMember]) {
        const res = await call(app, c, { room_id: anchor.id, user_id: siteAdmin.id, minutes: 10 }, { token: actor.token });
        expect({ call: c.path, status: res.status, code: res.code }).toEqual({ call: c.path, status: 403, code: 1 });
      }
    }
    expect((await call(app, mod.muteMember, { room_id: anchor.id, user_id: viewer.id, minutes: 10 }, { token: roomAdmin.token })).code).toBe(200);
  });
});

describe('avatars', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });

  it("takes a built-in avatar or the user's own finished upload; not another user's file, not a missing one", async () => {
    const me = await liveUser(app);
    const other = await liveUser(app);
    const mine = `/uploads/avatar/${me.id}-${Date.now()}.webp`;
    const theirs = `/uploads/avatar/${other.id}-${Date.now()}.webp`;
    await app.database.db.insert(uploads).values([
      { id: `t-${me.id}-${Date.now()}`, userId: me.id, kind: 'avatar', mime: 'image/webp', size: 100, url: mine, thumb: mine },
      { id: `t-${other.id}-${Date.now()}`, userId: other.id, kind: 'avatar', mime: 'image/webp', size: 100, url: theirs, thumb: theirs },
    ]);
    const set = (avatar: string) => call(app, account.updateInfo, { avatar }, { token: me.token });
    expect((await set(theirs)).msg).toBe('Please choose an avatar from the list or upload your own');
    expect((await set('/uploads/avatar/never-uploaded.webp')).msg).toBe('Please choose an avatar from the list or upload your own');
    expect((await set(mine)).data.avatar).toBe(mine);
    expect((await set('/avatars/2.svg')).data.avatar).toBe('/avatars/2.svg');
  });
});
