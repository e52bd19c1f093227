import { registerLocalesFor } from '@/shared/i18n';

// The phone member centre's own words (namespace 'm-member'), current language only.
await registerLocalesFor(import.meta.glob('../../locales/*/m-member.json', { import: 'default' }));
