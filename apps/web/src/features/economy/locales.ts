import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/economy.json', { eager: true, import: 'default' }));
