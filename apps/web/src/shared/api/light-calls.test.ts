import { describe, expect, it } from 'vitest';
import * as account from '@livesports/contracts/account';
import * as system from '@livesports/contracts/system';
import * as live from '@livesports/contracts/live';
import * as content from '@livesports/contracts/content';
import * as consoleContent from '@livesports/contracts/console-content';
import * as social from '@livesports/contracts/social';
import { lightCalls } from './light-calls';

describe('light calls mirror their contracts', () => {
  const contracts = {
    getSystem: system.getSystem,
    getHot: system.getHot,
    userInfo: account.userInfo,
    getLiveList: live.getLiveList,
    getRoomList: live.getRoomList,
    getRoomInfo: live.getRoomInfo,
    getOnlineMemberNum: live.getOnlineMemberNum,
    getList2: content.getList2,
    articleDetail: content.articleDetail,
    featuredArticles: consoleContent.featuredArticles,
    likeArticle: content.likeArticle,
    attention: social.attention,
  };
  for (const [name, call] of Object.entries(contracts)) {
    it(name, () => {
      const ref = lightCalls[name as keyof typeof lightCalls];
      expect({ method: ref.method, path: ref.path }).toEqual({ method: call.method, path: call.path });
    });
  }
});
