import { expect, test, type Page } from '../support/test';
import { createCanvas } from '@napi-rs/canvas';
import { registerByApi, signInContext } from '../support/session.ts';

// Journeys of the news and community issue: a writer publishes a headline with a cover (and a
// video, paused and resumed), finds it on /news and through search; a fan posts in the circle,
// comments, likes, follows the author and finds them in the follow list.

/** A real PNG, drawn here, as a person would pick from their disk. */
function png(width = 1280, height = 720): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#1d6b3a');
  g.addColorStop(1, '#0b2c18');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 6;
  ctx.strokeRect(40, 40, width - 80, height - 80);
  return c.toBuffer('image/png');
}

/** An MP4 (ftyp box first, as players and the server recognise it) of the given size. */
function mp4(size: number): Buffer {
  const buf = Buffer.alloc(size, 7);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]).copy(buf);
  return buf;
}

const word = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return cdp;
}

test('a writer publishes a headline with a cover and a paused-and-resumed video; it is on /news and in search', async ({ page, request, baseURL }) => {
  const writer = await registerByApi(request);
  await signInContext(page.context(), baseURL!, writer.token);
  const tag = word();
  const title = `Derby night ${tag}`.slice(0, 30);

  await page.goto('/news');
  await page.getByTestId('news-write').click();
  await expect(page.getByTestId('article-editor')).toBeVisible();

  // Nothing filled: the form answers with the spec rules before anything is sent.
  await page.getByTestId('article-submit').click();
  await expect(page.getByTestId('article-editor')).toContainText('The title must be 5-30 characters');
  await expect(page.getByTestId('article-editor')).toContainText('Please choose a category');

  await page.getByTestId('article-title').fill(title);
  await page.getByTestId('article-category').selectOption({ label: 'Football' });
  await page.getByTestId('article-body').click();
  await page.keyboard.type(`A late winner decided the derby. ${tag} was the man of the match.`);

  // A text file named like a video is refused by content, with the spec message.
  await page.getByTestId('article-video-input').setInputFiles({ name: 'match.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all '.repeat(50)) });
  await expect(page.getByTestId('article-video-error')).toHaveText('Please upload a video in a supported format');

  await page.getByTestId('article-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByTestId('article-cover-progress')).toContainText('Uploaded');

  // The video goes up slowly enough to pause it, then resumes where it stopped.
  const cdp = await slowUploads(page, 1.5 * 1024 * 1024);
  await page.getByTestId('article-video-input').setInputFiles({ name: 'match.mp4', mimeType: 'video/mp4', buffer: mp4(6 * 1024 * 1024) });
  const progress = page.getByTestId('article-video-progress');
  await expect(progress).toBeVisible();
  await page.getByTestId('article-video-progress-pause').click();
  await expect(progress).toContainText('Paused');
  const pausedAt = Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow'));
  await page.waitForTimeout(800);
  expect(Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(pausedAt);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByTestId('article-video-progress-resume').click();
  await expect(progress).toContainText('Uploaded', { timeout: 30_000 });

  await page.getByTestId('article-submit').click();
  await expect(page.getByTestId('article-detail')).toBeVisible();
  await expect(page.getByTestId('article-detail')).toContainText(title);
  await expect(page.getByTestId('article-detail')).toContainText('man of the match');
  await expect(page.getByTestId('article-video-player')).toHaveAttribute('src', /\/uploads\/video\/.+\.mp4$/);

  await page.goto('/news');
  await expect(page.getByTestId('news-list')).toContainText(title);
  // The cover shows in the card, in the list size the server made.
  await expect(page.getByTestId('news-list').locator('img[src*="-thumb.jpg"]').first()).toBeVisible();

  await page.getByTestId('search-input').first().fill(tag);
  await page.getByTestId('search-input').first().press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?name=${tag}`));
  await expect(page.getByTestId('search-articles')).toContainText(title);
  // Remembered in this browser's history list.
  await expect(page.getByTestId('search-history')).toContainText(tag);
});

test('a fan likes, comments and follows; the author shows in the follow list', async ({ browser, request, baseURL }) => {
  const author = await registerByApi(request);
  const fan = await registerByApi(request);
  const tag = word();

  // The author posts text and a picture in the circle.
  const authorCtx = await browser.newContext();
  await signInContext(authorCtx, baseURL!, author.token);
  const a = await authorCtx.newPage();
  await a.goto('/circle');
  await a.getByTestId('post-text').fill(`Matchday at the stadium ${tag}`);
  await a.getByTestId('post-image-input').setInputFiles({ name: 'stadium.png', mimeType: 'image/png', buffer: png(900, 900) });
  await expect(a.locator('.composer__img-progress')).toHaveCount(0, { timeout: 20_000 });
  await a.getByTestId('post-submit').click();
  const post = a.getByTestId('post-feed').locator('.post-card', { hasText: tag });
  await expect(post).toBeVisible();
  await expect(post.locator('.image-grid img')).toHaveCount(1);
  await authorCtx.close();

  const fanCtx = await browser.newContext();
  await signInContext(fanCtx, baseURL!, fan.token);
  const page = await fanCtx.newPage();
  await page.goto('/circle');
  const card = page.getByTestId('post-feed').locator('.post-card', { hasText: tag });
  const like = card.locator('[data-testid^="post-like-"]');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');

  await card.locator('[data-testid^="post-comments-"]').click();
  await expect(page).toHaveURL(/\/circle-detail\?id=\d+/);
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comments')).toContainText('Please enter a comment');
  await page.getByTestId('comment-text').fill('What a view!');
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comments')).toContainText('What a view!');
  await expect(page.getByTestId('comments')).toContainText('1 comment');

  // Follow the author from the post, then find them in "my follows" (member center) and on their page.
  await page.getByTestId(`follow-3-${author.id}`).click();
  await expect(page.getByTestId(`follow-3-${author.id}`)).toHaveText('Following');
  await page.goto('/member?type=3');
  await expect(page.getByTestId('people-following')).toContainText(author.nickname);
  await page.getByTestId('follows-kind-3').click();
  await expect(page.getByTestId(`person-${author.id}`)).toBeVisible();
  await page.goto(`/persona?id=${author.id}`);
  await expect(page.getByTestId('profile-fans')).toHaveText('1');
  await fanCtx.close();
});

test('the circle and headlines read in Chinese and Spanish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'zh'));
  await page.goto('/news');
  await expect(page.getByTestId('news-write')).toHaveText('发布头条');
  await expect(page.getByTestId('news-hot')).toContainText('热门头条');
  await page.addInitScript(() => localStorage.setItem('language', 'es'));
  await page.goto('/circle');
  await expect(page.getByTestId('circle-tab-latest')).toHaveText('Recientes');
});

test('footer links lead to real pages: download and the agreements', async ({ page }) => {
  await page.goto('/news');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Download the app' }).click();
  await expect(page).toHaveURL(/\/downLoad$/);
  await expect(page.getByTestId('download-ios')).toBeVisible();
  for (const [name, hash] of [
    ['Terms of service', 'terms'],
    ['Privacy policy', 'privacy'],
    ['Streaming agreement', 'streaming'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/about-user#${hash}$`));
    await expect(page.locator(`#${hash}`)).toBeVisible();
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Headlines' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByTestId('news-list')).toBeVisible();
});
