import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataDirectoryLockedError } from '@onsite/infrastructure';
import { openRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config/config.js';
import { createApp } from './create-app.js';
import { loggingFor } from './logging/logging.js';
import { startMetricsServer } from './metrics/metrics-http.js';
import { seedClock, seedDemoHistory } from './seed/demo-history.js';
import { seedDemoData } from './seed/demo-seed.js';
import { ensureDemoManualFiles } from './seed/demo-help.js';
import { FILE_STORAGE } from './files/file-storage.js';
import { SetupService } from './setup/setup.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // Every line of the process, from here on, through the one pino logger (JSON or text, LOG_LEVEL).
  Logger.overrideLogger(loggingFor(config).nest);
  const logger = new Logger('onsite');
  logger.log(`Starting profile ${config.profile}${config.profile === 'embedded' ? ` (data in ${config.dataDir})` : ''}`);
  // The demo history is made while this clock walks through the past year; it is real time otherwise.
  const clock = seedClock();
  const runtime = await openRuntime(config, { clock: clock.now });
  if (config.seedDemo) await seedDemoData(runtime, (line) => logger.log(line));
  const app = await createApp(runtime);
  if (config.seedDemo) await ensureDemoManualFiles(app.get(FILE_STORAGE));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => runtime.close());
  if (config.metricsPort !== undefined) {
    const metricsServer = await startMetricsServer(runtime.metrics, config.metricsPort, config.metricsHost);
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onClose', async () => new Promise<void>((done) => metricsServer.close(() => done())));
    logger.log(`Metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`);
  }
  if (config.seedDemoHistory) await seedDemoHistory(app, runtime, clock, (line) => logger.log(line));
  await app.listen(config.port, config.host);
  if (config.seedDemo && !isLoopback(config.host)) {
    logger.warn(`Demo users with the published demo password are reachable on ${config.host}: keep this server off any shared network.`);
  }
  const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  logger.log(`Onsite is listening on http://${shown}:${config.port}/ (API docs: /api/docs)`);
  // First run: no provider company yet. The link is printed once, here; any link a start printed works until setup is done.
  const setup = app.get(SetupService);
  const token = await setup.issueToken();
  if (token) {
    const line = `No provider company yet. Set one up with this one-time link: ${setup.link(token)} (or: npm run setup -- --company NAME --admin-email ADDRESS)`;
    // Whatever LOG_LEVEL hides: without this line nobody can get in.
    if (config.logLevel === 'error') console.warn(line);
    else logger.warn(line);
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    // Operator errors: the message says what to change; a stack trace would only hide it.
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
