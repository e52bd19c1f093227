import cluster from 'node:cluster';
import { loadConfig } from './config.ts';
import { frontOfServer } from './platform/front.ts';
import { exitOnSignal, serveSite } from './serve.ts';

// Entry point. WORKERS=1 (the default, and in tests): one process serves everything. WORKERS=N:
// N socket processes share the port and the primary owns the database and the work that runs once
// (cluster/primary.ts, cluster/edge.ts; `npm start` sets N to the number of cores).
const config = loadConfig();
if (config.WORKERS > 1) {
  if (cluster.isPrimary) await (await import('./cluster/primary.ts')).runPrimary(config);
  else await (await import('./cluster/edge.ts')).runEdge(config);
} else {
  const app = await serveSite(config, { host: config.HOST, port: config.PORT });
  // This process accepts the public port's connections itself: the front's per-address cap sits before its HTTP server.
  frontOfServer(app.server, config);
  app.log.info(`site ready at ${config.publicUrl}`);
  exitOnSignal(app.log, () => app.close());
}
