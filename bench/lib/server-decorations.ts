// Through the project reference bench sees the server's declarations, not its sources: a plugin that
// app.ts imports only to register it leaves no trace there, nor do the Fastify decorations it declares
// (app.database, app.demoSeeded). Importing their declarations here brings them into this project.
import type {} from '../../apps/server/src/platform/config.ts';
import type {} from '../../apps/server/src/platform/database.ts';
