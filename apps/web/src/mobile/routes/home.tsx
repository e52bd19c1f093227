import { MobileHome } from '../mobile-home';

export function Component() {
  return <MobileHome />;
}
