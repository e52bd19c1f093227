import { registerLocalesFor } from '@/shared/i18n';

// One language's texts only (the current one).
await registerLocalesFor(import.meta.glob('../locales/*/mobile.json', { import: 'default' }));
