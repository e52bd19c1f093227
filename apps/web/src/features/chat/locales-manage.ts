import { registerLocalesFor } from '@/shared/i18n';

// Room management and horns: one language's texts only (the current one); the chunk waits for them before rendering.
await registerLocalesFor(import.meta.glob('../../locales/*/chat-manage.json', { import: 'default' }));
