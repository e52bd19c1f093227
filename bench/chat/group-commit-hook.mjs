// Bench-only experiment (BENCH_GROUP_COMMIT=1): loads the site with the chat repo's `append`
// replaced by the group commit of apps/server/src/realtime/fanout-append.ts, without touching the
// site's files, so the bench can show what that change would give. Registered after tsx, so this
// resolve hook runs first and redirects one import of modules/chat/module.ts.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === './repo.ts' && context.parentURL && context.parentURL.endsWith('/modules/chat/module.ts')) {
    return next(${JSON.stringify(new URL('./group-commit-repo.ts', import.meta.url).href)}, context);
  }
  return next(specifier, context);
}`));
