import { registerLocalesFor } from '@/shared/i18n';

// The login dialog's texts, and the slider captcha's (its namespace is shown inside the dialog).
// One language's texts only (the current one); the chunk waits for them before rendering.
await registerLocalesFor(import.meta.glob('../../locales/*/{auth,captcha}.json', { import: 'default' }));
