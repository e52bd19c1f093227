import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { users } from '../schema/account.ts';
import { articles, newsCategories } from '../schema/content.ts';
import { createAccountRepo } from '../../modules/account/repo.ts';
import { presetAvatars } from '../../modules/account/avatars.ts';
import { createContentRepo } from '../../modules/content/repo.ts';
import { summaryOf } from '../../modules/content/service.ts';
import { plainText, sanitizeRichText } from '../../modules/content/rich-text.ts';
import { createSocialRepo } from '../../modules/social/repo.ts';
import { detectContentLang } from '@livesports/contracts/content-lang';
import type { Scene } from './content-art.ts';
import { storePicture } from './pictures.ts';

// Demo headlines, writers, circle posts, comments, likes and follows for a fresh `npm start`.
// Loaded only while the articles table is empty. Pictures are painted here and stored through
// the same storage and resizing as real uploads, so they behave like uploads everywhere.

interface DemoPerson {
  key: string;
  nickname: string;
  signature: string;
  anchor?: boolean;
}
const PEOPLE: DemoPerson[] = [
  { key: 'lin', nickname: '体坛林记者', signature: '跑遍欧洲各大球场的足球记者', anchor: true },
  { key: 'maya', nickname: 'Maya Hoops', signature: 'Covering the league from tip-off to buzzer' },
  { key: 'carlos', nickname: 'Carlos Táctico', signature: 'Análisis táctico de LaLiga cada semana', anchor: true },
  { key: 'zed', nickname: 'ZedCast', signature: 'Esports caster. LPL, LCK and Worlds.' },
  { key: 'fan1', nickname: '红魔球迷阿杰', signature: '永远支持曼联' },
  { key: 'fan2', nickname: 'Lucía_10', signature: '' },
];

interface DemoArticle {
  by: string;
  category: Scene;
  title: string;
  body: string;
  hoursAgo: number;
  views: number;
  likedBy?: string[];
  comments?: Array<{ by: string; text: string }>;
}
const p = (...paras: string[]) => paras.map((t) => `<p>${t}</p>`).join('');
const ARTICLES: DemoArticle[] = [
  {
    by: 'lin',
    category: 'football',
    title: '梅西上演帽子戏法 迈阿密逆转取胜',
    body: p(
      '在昨晚进行的一场比赛中，梅西独中三元，帮助球队在落后两球的情况下完成逆转。',
      '上半场客队凭借两次快速反击取得领先。易边再战，梅西先是在禁区弧顶<strong>直接任意球破门</strong>，随后又两次在小禁区前完成推射。',
      '赛后主教练表示："他总能在最需要的时候站出来。"这场胜利让球队在积分榜上升至第二位。',
    ),
    hoursAgo: 3,
    views: 1840,
    likedBy: ['fan1', 'fan2', 'maya', 'carlos'],
    comments: [
      { by: 'fan1', text: '任意球太美了，球迷的福利！' },
      { by: 'carlos', text: 'Qué partido. El segundo gol es de manual.' },
    ],
  },
  {
    by: 'carlos',
    category: 'football',
    title: 'El Clásico: claves tácticas',
    body: p(
      'El partido se decidió en el centro del campo. El Barcelona presionó alto durante la primera media hora y obligó al Real Madrid a jugar en largo.',
      'La entrada del extremo en la segunda parte cambió el ritmo: <em>dos pases filtrados</em> y un gol que rompió el empate.',
      'Lo más llamativo fue la línea defensiva adelantada, que dejó seis fueras de juego en total.',
    ),
    hoursAgo: 6,
    views: 1320,
    likedBy: ['fan2', 'lin'],
    comments: [
      { by: 'fan2', text: 'Muy buen análisis, la presión alta lo cambió todo.' },
      { by: 'fan1', text: '战术分析很到位，学习了！' },
      { by: 'maya', text: 'Great breakdown of the pressing triggers.' },
    ],
  },
  {
    by: 'lin',
    category: 'football',
    title: '英超前瞻：争冠组迎来关键周',
    body: p(
      '本周英超三支争冠球队将分别迎来硬仗，积分榜前三名之间仅相差两分。',
      '领头羊客场挑战状态火热的升班马，第二名则要在主场迎战同城对手。',
      '<strong>看点：</strong>伤病名单上的两名主力中场能否复出，将直接影响比赛走势。',
    ),
    hoursAgo: 20,
    views: 960,
  },
  {
    by: 'carlos',
    category: 'football',
    title: 'Champions League draw reaction',
    body: p(
      'The quarter-final draw paired two of the favourites early, while the holders face a side that has not lost at home all season.',
      'Managers were quick to downplay the talk of an easy route. "There are no small teams left," said one after the ceremony.',
      'First legs are played in two weeks, with the returns the week after.',
    ),
    hoursAgo: 30,
    views: 700,
  },
  {
    by: 'maya',
    category: 'basketball',
    title: 'Lakers edge Celtics in OT',
    body: p(
      'A corner three with four seconds left forced overtime, and the Lakers never trailed again in a 121-117 win at home.',
      'The starting backcourt combined for 58 points, and the bench outscored Boston 34 to 19.',
      '<em>Next up:</em> a back-to-back on the road, with the second night against the conference leaders.',
    ),
    hoursAgo: 5,
    views: 2210,
    likedBy: ['fan1', 'fan2', 'zed'],
    comments: [{ by: 'fan2', text: 'What a finish in overtime!' }],
  },
  {
    by: 'maya',
    category: 'basketball',
    title: 'Rookie watch: five to follow',
    body: p(
      'Twenty games into the season, the rookie class is already shaping the playoff race.',
      'Our list weighs minutes, efficiency and how much each player changes his team on both ends of the floor.',
      'The surprise of the group is a second-round pick who leads all rookies in steals.',
    ),
    hoursAgo: 44,
    views: 530,
  },
  {
    by: 'lin',
    category: 'basketball',
    title: 'CBA季后赛：广东队晋级四强',
    body: p('广东队在系列赛第五场以98比90战胜对手，总比分3比2晋级半决赛。', '球队后卫全场砍下27分8次助攻，末节连续命中关键三分，帮助球队锁定胜局。'),
    hoursAgo: 52,
    views: 880,
  },
  {
    by: 'zed',
    category: 'esports',
    title: 'LPL spring finals preview',
    body: p(
      'Two teams with very different styles meet in the final: one lives on early skirmishes, the other on late-game team fights.',
      'Watch the jungle match-up. Whoever controls the first two dragons has won eight of their last ten series.',
      'The final is best of five and starts at 17:00 local time.',
    ),
    hoursAgo: 9,
    views: 1490,
    likedBy: ['maya'],
    comments: [{ by: 'fan1', text: '决赛一定要去现场看！' }],
  },
  {
    by: 'zed',
    category: 'esports',
    title: '电竞：新版本英雄强度分析',
    body: p('新版本对多名打野英雄进行了调整，职业赛场的选用率随之发生明显变化。', '从首周比赛数据来看，<strong>前期节奏型打野</strong>的胜率提升最为明显。'),
    hoursAgo: 70,
    views: 410,
  },
  {
    by: 'carlos',
    category: 'general',
    title: 'Maratón: récord en la ciudad',
    body: p(
      'La prueba de este domingo dejó un nuevo récord del circuito, más de un minuto por debajo de la marca anterior.',
      'Más de veinte mil corredores tomaron la salida con un clima ideal: poco viento y doce grados.',
    ),
    hoursAgo: 26,
    views: 390,
  },
  {
    by: 'maya',
    category: 'general',
    title: 'Tennis: a new world number one',
    body: p(
      'With the semi-final win on Saturday, the 22-year-old is guaranteed to top the rankings on Monday for the first time.',
      'It caps a season of three titles, including a first major on clay.',
    ),
    hoursAgo: 60,
    views: 760,
  },
  {
    by: 'lin',
    category: 'general',
    title: '中国游泳队公布世锦赛名单',
    body: p('中国游泳队今天公布了参加世锦赛的最终名单，共有32名运动员入选，其中包括多名奥运冠军。', '教练组表示，本次比赛将以锻炼年轻队员为主要目标之一。'),
    hoursAgo: 96,
    views: 620,
  },
];

interface DemoPost {
  by: string;
  text: string;
  pictures: Scene[];
  hoursAgo: number;
  likedBy: string[];
  comments: Array<{ by: string; text: string }>;
}
const POSTS: DemoPost[] = [
  {
    by: 'fan1',
    text: '今晚终于去现场看球了！气氛太燃了，最后时刻的绝杀让全场沸腾 ⚽🔥',
    pictures: ['football', 'football'],
    hoursAgo: 1,
    likedBy: ['lin', 'fan2', 'carlos'],
    comments: [
      { by: 'lin', text: '羡慕！现场看绝杀是什么感觉？' },
      { by: 'fan1', text: '感觉整个看台都在晃😂' },
    ],
  },
  {
    by: 'maya',
    text: 'Courtside tonight. That overtime was something else. Full recap on my page later.',
    pictures: ['basketball'],
    hoursAgo: 4,
    likedBy: ['fan2', 'zed'],
    comments: [{ by: 'fan2', text: 'That corner three!!' }],
  },
  {
    by: 'carlos',
    text: '¿Quién creéis que gana la Liga este año? Yo digo que se decide en la última jornada.',
    pictures: [],
    hoursAgo: 7,
    likedBy: ['fan2'],
    comments: [
      { by: 'fan2', text: 'El Madrid, sin duda.' },
      { by: 'fan1', text: 'Barça 💙❤️' },
    ],
  },
  {
    by: 'zed',
    text: 'Set-up for the finals broadcast is done. Three screens, two coffees, one very long night.',
    pictures: ['esports', 'esports', 'esports'],
    hoursAgo: 12,
    likedBy: ['maya', 'fan1', 'lin', 'carlos'],
    comments: [{ by: 'maya', text: 'Good luck tonight!' }],
  },
  {
    by: 'fan2',
    text: 'Primer entrenamiento en la pista nueva. ¡Objetivo: media maratón en primavera!',
    pictures: ['general'],
    hoursAgo: 28,
    likedBy: ['carlos'],
    comments: [],
  },
  {
    by: 'lin',
    text: '明天飞马德里，会在现场为大家带来国家德比的第一手消息，敬请关注。',
    pictures: [],
    hoursAgo: 40,
    likedBy: ['fan1', 'fan2'],
    comments: [{ by: 'fan1', text: '期待林记者的现场报道！' }],
  },
];

const HOUR = 3_600_000;

export async function seedContent(app: FastifyInstance) {
  const db = app.database.db;
  const [{ n }] = await db.select({ n: count() }).from(articles);
  if (n > 0) return;
  const storage = app.storage;
  const accounts = createAccountRepo(db);
  const content = createContentRepo(db);
  const social = createSocialRepo(db);
  const now = Date.now();

  // People: reuse a demo person by nickname if another seed made them already.
  const ids: Record<string, number> = {};
  for (const [i, person] of PEOPLE.entries()) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.nickname}) = lower(${person.nickname})`)
      .limit(1);
    const row =
      existing ??
      (await accounts.createUser({
        email: `demo.${person.key}@livesports.invalid`,
        passwordHash: null,
        nickname: person.nickname,
        signature: person.signature,
        avatar: presetAvatars[i % presetAvatars.length],
        isAnchor: person.anchor ? 1 : 0,
        anchorExp: person.anchor ? 2500 + i * 900 : 0,
        inviteCode: `DEMO${person.key.toUpperCase()}${crypto.randomBytes(2).toString('hex').toUpperCase()}`,
      }));
    ids[person.key] = row.id;
  }

  const categories = Object.fromEntries((await db.select({ id: newsCategories.id, slug: newsCategories.slug }).from(newsCategories)).map((c) => [c.slug, c.id]));
  // Pictures are resized in parallel (sharp's thread pool); rows go in one by one.
  const covers = await Promise.all(ARTICLES.map((a, i) => storePicture(storage, content, 'cover', a.category, i + 1, ids[a.by])));
  for (const [i, a] of ARTICLES.entries()) {
    const cover = covers[i];
    const html = sanitizeRichText(a.body);
    const text = plainText(html);
    const articleId = await content.insertArticle({
      authorId: ids[a.by],
      categoryId: categories[a.category],
      title: a.title,
      content: html,
      summary: summaryOf(text),
      cover: cover.url,
      coverThumb: cover.thumb,
      video: null,
      // The demo texts are plainly Chinese, English or Spanish: detection gives each its language.
      lang: detectContentLang(`${a.title}\n${text}`),
      views: a.views,
      createdAt: new Date(now - a.hoursAgo * HOUR),
      tsv: app.siteSearch.vector([
        { text: a.title, weight: 'A' },
        { text, weight: 'B' },
      ]),
    });
    for (const who of a.likedBy ?? []) await content.setArticleLike(articleId, ids[who], true);
    for (const c of a.comments ?? []) await content.insertComment({ articleId, userId: ids[c.by], parentId: null, content: c.text });
  }

  for (const [i, post] of POSTS.entries()) {
    const images = await Promise.all(post.pictures.map((scene, k) => storePicture(storage, content, 'image', scene, 100 + i * 10 + k, ids[post.by])));
    const postId = await content.insertPost({
      authorId: ids[post.by],
      content: post.text,
      images,
      lang: detectContentLang(post.text),
      createdAt: new Date(now - post.hoursAgo * HOUR),
      tsv: app.siteSearch.vector([{ text: post.text, weight: 'B' }]),
    });
    for (const who of post.likedBy) await content.setPostLike(postId, ids[who], true);
    for (const c of post.comments) await content.insertComment({ postId, userId: ids[c.by], parentId: null, content: c.text });
  }

  const follow: Array<[string, string, 'anchor' | 'writer' | 'user']> = [
    ['fan1', 'lin', 'anchor'],
    ['fan1', 'lin', 'writer'],
    ['fan1', 'maya', 'writer'],
    ['fan2', 'carlos', 'anchor'],
    ['fan2', 'maya', 'writer'],
    ['fan2', 'fan1', 'user'],
    ['maya', 'zed', 'writer'],
    ['zed', 'maya', 'user'],
    ['carlos', 'lin', 'writer'],
  ];
  for (const [a, b, kind] of follow) await social.follow(ids[a], ids[b], kind);
  app.log.info({ articles: ARTICLES.length, posts: POSTS.length }, 'demo headlines and circle posts loaded');
}
