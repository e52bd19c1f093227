// The one Drizzle schema, shared by PGlite and PostgreSQL. Each domain keeps its own file.
export * from './account.ts';
export * from './captcha.ts';
export * from './economy.ts';
export * from './mail.ts';
export * from './system.ts';
export * from './content.ts';
export * from './social.ts';
export * from './live.ts';
export * from './matches.ts';
export * from './chat.ts';
export * from './chat-moderation.ts';
export * from './replays.ts';
export * from './console.ts';
