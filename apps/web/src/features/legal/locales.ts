import { registerLocalesFor } from '@/shared/i18n';

// The legal texts are long: their namespace loads with the /about-user page, not at start.
// One language's texts only (the current one); the chunk waits for them before rendering.
await registerLocalesFor(import.meta.glob('../../locales/*/legal.json', { import: 'default' }));
