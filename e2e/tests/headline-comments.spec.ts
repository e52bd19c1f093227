import { expect, test } from '../support/test';
import { registerByApi, signInContext } from '../support/session.ts';

// Headline comments and likes (issue #19 item 14): a reader sees the counts on the list, opens a
// headline, likes it, comments, answers, likes a comment and deletes their own, as under a circle post.

test('a reader likes and comments on a headline; the counts follow on the article and the list', async ({ page, request, baseURL }) => {
  const reader = await registerByApi(request);
  const tag = `zq${Date.now().toString(36)}`;

  // A guest sees the counts on the list and is asked to log in to like.
  await page.goto('/news');
  const card = page.getByTestId('news-list').locator('.article-card', { hasText: 'El Clásico: claves tácticas' });
  await expect(card).toBeVisible();
  const likesOnCard = Number(await card.locator('[data-testid^="article-likes-"]').textContent());
  const commentsOnCard = Number(await card.locator('[data-testid^="article-comment-count-"]').textContent());
  expect(commentsOnCard).toBeGreaterThan(0);
  await card.getByRole('link', { name: 'El Clásico: claves tácticas' }).click();
  await expect(page.getByTestId('article-detail')).toBeVisible();
  await expect(page.getByTestId('comments').locator('.comment')).toHaveCount(commentsOnCard);
  await page.getByTestId('article-like').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const articleUrl = page.url();

  await signInContext(page.context(), baseURL!, reader.token);
  await page.goto(articleUrl);
  const like = page.getByTestId('article-like');
  await expect(like).toHaveText(String(likesOnCard));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(likesOnCard + 1));

  // An empty comment is refused before it is sent; a real one appears with the count.
  const comments = page.getByTestId('comments');
  await page.getByTestId('comment-submit').click();
  await expect(comments).toContainText('Please enter a comment');
  await page.getByTestId('comment-text').fill(`Brilliant piece ${tag}`);
  await page.getByTestId('comment-submit').click();
  const mine = comments.locator('.comment', { hasText: tag });
  await expect(mine).toBeVisible();
  await expect(comments.getByRole('heading')).toHaveText(`${commentsOnCard + 1} comments`);
  await expect(page.getByTestId('article-comments-count')).toHaveText(String(commentsOnCard + 1));

  // Like someone else's comment, then delete the own one.
  const first = comments.locator('.comment').first();
  const firstLike = first.locator('[data-testid^="comment-like-"]');
  const before = Number(await firstLike.textContent());
  await firstLike.click();
  await expect(firstLike).toHaveText(String(before + 1));
  page.once('dialog', (d) => void d.accept());
  await mine.locator('[data-testid^="comment-delete-"]').click();
  await expect(mine).toHaveCount(0);
  await expect(page.getByTestId('article-comments-count')).toHaveText(String(commentsOnCard));

  // Back on the list: the card counts the like.
  await page.goto('/news');
  await expect(page.getByTestId('news-list').locator('.article-card', { hasText: 'El Clásico: claves tácticas' }).locator('[data-testid^="article-likes-"]')).toHaveText(String(likesOnCard + 1));
});
