import { registerLocalesFor } from '@/shared/i18n';

// One language's texts only (the current one); the chunk waits for them before rendering. The
// desktop's first load has them already (its header holds the search box); the phone's does not.
await registerLocalesFor(import.meta.glob('../../locales/*/search.json', { import: 'default' }));
