import { registerLocalesFor } from '@/shared/i18n';

// Texts of the Users pages (namespace console-users), the current language only; the pages' chunk waits for them.
await registerLocalesFor(import.meta.glob('../../locales/*/console-users.json', { import: 'default' }));
