// `npm run lint`: ESLint 9 with typescript-eslint, React hooks rules, and the project's boundaries
// (eslint-plugin-boundaries) as rules, so the structure docs/architecture.md describes is checked,
// not kept by discipline:
//   web     — features never import each other (the app shell and the mobile shell compose them);
//             shared imports no feature and no shell;
//   server  — platform plugins import no domain module; a module reaches another only through its
//             plugin.ts (its declared public face: decorator types, events); production code never
//             imports the demo or the seed (loaded by app.ts only when DEMO_* is on).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What .gitignore leaves out too: `npm start` writes the site's data (HLS segments are *.ts files,
  // MPEG transport streams) under data/, and `npm test` after it must not try to parse them.
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'data/**',
      'apps/server/data/**',
      'apps/server/src/db/migrations/**',
      'apps/web/dev-dist/**',
      'bench/native/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // The contracts' zod types and test helpers use `any` where a value's shape is checked at runtime.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A closure may read a variable that is assigned once, later (services that need each other).
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
      // `ok ? a() : b()` and `x && run()` as statements are the house style for one-line branches.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'off',
      // Query keys come from the feature's key factory (api/keys.ts), never a literal array at the
      // call: a key spelled in two places drifts, and another feature's spelling is a hidden import.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression > Literal:first-child",
          message: "use the feature's key factory (api/keys.ts) for query keys; other features' data through shared/api/query-tags",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'], noWarnOnMultipleProjects: true }, node: true },
      'boundaries/include': ['apps/web/src/**/*', 'apps/server/src/**/*'],
      'boundaries/elements': [
        // web
        { type: 'web-app', pattern: 'apps/web/src/app', mode: 'folder' },
        { type: 'web-mobile', pattern: 'apps/web/src/mobile', mode: 'folder' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/(shared|config|styles|locales)', mode: 'folder' },
        { type: 'web-entry', pattern: 'apps/web/src/*', mode: 'file' },
        // server
        { type: 'srv-platform', pattern: 'apps/server/src/platform', mode: 'folder' },
        { type: 'srv-module-face', pattern: 'apps/server/src/modules/*/plugin.ts', mode: 'full', capture: ['module'] },
        { type: 'srv-module', pattern: 'apps/server/src/modules/*', mode: 'folder', capture: ['module'] },
        { type: 'srv-demo', pattern: 'apps/server/src/(demo|db/seed)', mode: 'folder' },
        { type: 'srv-db', pattern: 'apps/server/src/db', mode: 'folder' },
        { type: 'srv-media', pattern: 'apps/server/src/media', mode: 'folder' },
        { type: 'srv-cluster', pattern: 'apps/server/src/cluster', mode: 'folder' },
        { type: 'srv-root', pattern: 'apps/server/src/*', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: 'web-shared', disallow: ['web-feature', 'web-app', 'web-mobile'], message: 'shared code imports no feature and no shell' },
            { from: 'web-feature', disallow: [['web-feature', { feature: '!${from.feature}' }]], message: 'a feature never imports another feature; compose them in app/ or mobile/' },
            { from: 'web-feature', disallow: ['web-app', 'web-mobile'], message: 'a feature never imports the shells' },
            { from: 'srv-platform', disallow: ['srv-module', 'srv-module-face', 'srv-media', 'srv-demo', 'srv-cluster'], message: 'platform plugins import no domain code' },
            { from: ['srv-module', 'srv-module-face'], disallow: [['srv-module', { module: '!${from.module}' }]], message: "a module reaches another only through that module's plugin.ts" },
            {
              from: ['srv-platform', 'srv-module', 'srv-module-face', 'srv-media', 'srv-cluster', 'srv-db'],
              disallow: ['srv-demo'],
              message: 'production code never imports the demo or the seed',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories (controller → service → repository): the economy's services
    // describe movements and rules; statements and tables are its *.repo.ts files'.
    files: ['apps/server/src/modules/economy/**/*.ts'],
    ignores: ['**/*.repo.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/*'], message: 'SQL and tables belong in a *.repo.ts (see docs/decisions/0007-money-ledger.md)' }] },
      ],
    },
  },
  {
    // `follows` is the social module's: other modules ask app.social (its plugin face).
    // (The economy's non-repository files are held to the stricter rule above, which covers it.)
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/social/**', 'apps/server/src/modules/economy/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/schema/social.ts'], message: "follows are the social module's: use app.social through a port" }] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: { 'boundaries/element-types': 'off' },
  },
);
