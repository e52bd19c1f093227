import { PostFeed } from '@/features/circle/pages/circle';
import { WriterArticles } from '@/features/news/components/writer-articles';
import { PersonaPage } from '@/features/social/pages/persona';
import '@/styles/community.css';

// /persona?id=: a personal space; its posts and headlines come from the circle and news features.
export function Component() {
  return <PersonaPage slots={{ posts: (uid) => <PostFeed key={uid} uid={uid} />, articles: (uid) => <WriterArticles key={uid} uid={uid} /> }} />;
}
