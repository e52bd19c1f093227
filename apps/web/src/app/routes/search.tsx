import { FollowType } from '@livesports/contracts/social-constants';
import { PostCard } from '@/features/circle/components/post-card';
import { ArticleCard } from '@/features/news/components/article-card';
import { SearchPage } from '@/features/search/pages/search';
import { PersonRow } from '@/features/social/components/person-row';
import { FollowButton } from '@/features/social/components/follow-button';
import '@/styles/community.css';

// /search?name=: the search feature lays out results; each kind is drawn by its own feature.
export function Component() {
  return (
    <SearchPage
      render={{
        person: (p) => <PersonRow key={p.id} person={p} />,
        article: (a) => <ArticleCard key={a.id} article={a} />,
        post: (p) => <PostCard key={p.id} post={p} followSlot={(x) => <FollowButton uid={x.author.id} type={FollowType.USER} followed={x.is_followed === 1} />} />,
      }}
    />
  );
}
