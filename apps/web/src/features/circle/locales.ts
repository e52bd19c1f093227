import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/circle.json', { eager: true, import: 'default' }));
