import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/download.json', { eager: true, import: 'default' }));
