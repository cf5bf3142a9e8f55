import { buildApp } from './app.js';
import { loadConfigOrExplain } from './config.js';

/** How long requests under way may take to finish once a shutdown is asked for. */
const SHUTDOWN_DEADLINE_MS = 20_000;

async function main(): Promise<void> {
  const config = loadConfigOrExplain();
  if (!config) process.exit(1);

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests under way');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // "::" accepts IPv6 and, on a dual-stack system, IPv4 too.
  await app.listen({ port: config.port, host: config.host, ipv6Only: false });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
