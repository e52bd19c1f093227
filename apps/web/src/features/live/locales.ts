import { registerLocalesFor } from '@/shared/i18n';

// One language's texts only (the current one); the chunk waits for them before rendering.
await registerLocalesFor(import.meta.glob('../../locales/*/{live,live-health}.json', { import: 'default' }));
