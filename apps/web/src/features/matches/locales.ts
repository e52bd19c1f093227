import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/matches.json', { eager: true, import: 'default' }));
