import { registerLocales } from '@/shared/i18n';

// The login dialog's texts, and the slider captcha's (its namespace is shown inside the dialog).
registerLocales(import.meta.glob('../../locales/*/{auth,captcha}.json', { eager: true, import: 'default' }));
