import { AnchorListPage } from '@/features/live/pages/anchor-list';

// /anchor?type=0..4: the anchor list by category.
export function Component() {
  return <AnchorListPage />;
}
