import { PostFeed } from '@/features/circle/pages/circle';
import { WriterArticles } from '@/features/news/components/writer-articles';
import { PersonaPage } from '@/features/social/pages/persona';
import { ReplayList } from '@/features/replays/components/replay-list';
import '@/styles/community.css';

// /persona?id=: a personal space; its posts and headlines come from the circle and news features,
// an anchor's broadcast replays (above the posts) from the replays feature.
export function Component() {
  return (
    <PersonaPage
      slots={{
        posts: (uid) => (
          <>
            <ReplayList roomId={uid} limit={4} />
            <PostFeed key={uid} uid={uid} />
          </>
        ),
        articles: (uid) => <WriterArticles key={uid} uid={uid} />,
      }}
    />
  );
}
