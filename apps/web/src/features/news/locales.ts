import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/news.json', { eager: true, import: 'default' }));
