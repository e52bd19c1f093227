import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/social.json', { eager: true, import: 'default' }));
