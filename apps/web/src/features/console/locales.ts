import { registerLocalesFor } from '@/shared/i18n';

// The console's texts, one language only (the current one); the chunk waits for them before rendering.
await registerLocalesFor(import.meta.glob('../../locales/*/{console,live-health}.json', { import: 'default' }));
