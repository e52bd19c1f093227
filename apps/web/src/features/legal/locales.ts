import { registerLocales } from '@/shared/i18n';

// The legal texts are long: their namespace loads with the /about-user page, not at start.
registerLocales(import.meta.glob('../../locales/*/legal.json', { eager: true, import: 'default' }));
