import { registerLocales } from '@/shared/i18n';

registerLocales(import.meta.glob('../../locales/*/member.json', { eager: true, import: 'default' }));
