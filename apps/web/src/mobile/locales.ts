import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../locales/*/mobile.json', { eager: true, import: 'default' }));
