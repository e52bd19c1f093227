import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/live.json', { eager: true, import: 'default' }));
