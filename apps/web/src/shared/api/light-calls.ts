import type { CallDef } from '@livesports/contracts/call';
import type { userInfo } from '@livesports/contracts/account';
import type { getHot, getSystem } from '@livesports/contracts/system';
import type { getLiveList, getOnlineMemberNum, getRoomInfo, getRoomList } from '@livesports/contracts/live';
import type { articleDetail, getList2, likeArticle } from '@livesports/contracts/content';
import type { attention } from '@livesports/contracts/social';
import type { featuredArticles } from '@livesports/contracts/console-content';

// The contract modules build their zod schemas when loaded, and zod alone would take a sixth of
// the home page's JS budget. The few calls the home page makes at start are named here by method
// and path only, typed by the contracts; light-calls.test.ts fails if one drifts from its contract.
// Every other call imports its contract directly (those chunks load zod on demand).

/** The method and path of a contract call, without its schemas; `request` accepts it like the call. */
export interface CallRef<C extends CallDef<any, any>> {
  readonly method: C['method'];
  readonly path: string;
  /** Type only: which contract call this names. */
  readonly __call?: C;
}

const ref = <C extends CallDef<any, any>>(method: C['method'], path: string): CallRef<C> => ({ method, path });

export const lightCalls = {
  getSystem: ref<typeof getSystem>('GET', 'api/Universal/getSystem'),
  getHot: ref<typeof getHot>('GET', 'api/universal/getHot'),
  userInfo: ref<typeof userInfo>('GET', 'api/user/info'),
  // The home page's live-room strip.
  getLiveList: ref<typeof getLiveList>('GET', 'api/Live_streaming/getLiveList'),
  getRoomList: ref<typeof getRoomList>('GET', 'api/Live/getRoomList'),
  getRoomInfo: ref<typeof getRoomInfo>('GET', 'api/Live_streaming/getRoomInfo'),
  getOnlineMemberNum: ref<typeof getOnlineMemberNum>('GET', 'api/tenxun/getOnlineMemberNum'),
  // The home page's headlines (features/news/components/home-headlines.tsx).
  getList2: ref<typeof getList2>('GET', 'api/Portal_post/getList2'),
  featuredArticles: ref<typeof featuredArticles>('GET', 'api/Headlines/featured'),
  // A headline's page (features/news/api/get-article.ts).
  articleDetail: ref<typeof articleDetail>('GET', 'api/Portal_post/detail'),
  // Its like and follow buttons (and a live room's follow): a click must not wait for zod either,
  // and the server checks what they send.
  likeArticle: ref<typeof likeArticle>('POST', 'api/Headlines_user/likes'),
  attention: ref<typeof attention>('POST', 'api/Member/attention'),
};
