import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { ProviderSetupSchema } from '@onsite/domain';
import { type SetupAnswer } from '@onsite/contracts';
import { DataDirectoryLockedError } from '@onsite/infrastructure';
import { openRuntime } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { createApp } from '../create-app.js';
import { RunAggregateCommand } from '../common/command-routes.js';
import { SETUP_USE_CASES } from './setup-use-cases.js';
import { SetupService } from './setup.service.js';

const USAGE = 'Usage: npm run setup -- --company NAME --admin-email ADDRESS [--country CODE] [--first-name NAME] [--last-name NAME]';

interface Io {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env?: NodeJS.ProcessEnv;
}
const DEFAULT_IO: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

/**
 * `npm run setup`: the first-run setup without a browser (headless installs), with the same configuration as the
 * server and through the same use case as the setup screen (origin `cli`). Returns the exit code: 0 done, 1 already set up or
 * refused, 2 bad arguments.
 */
export async function runSetupCli(argv: readonly string[], io: Io = DEFAULT_IO): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        company: { type: 'string' },
        'admin-email': { type: 'string' },
        country: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = ProviderSetupSchema.safeParse({
    companyName: args.company,
    email: args['admin-email'],
    country: (args.country ?? 'de').toLowerCase(),
    firstName: args['first-name'] ?? 'Provider',
    lastName: args['last-name'] ?? 'Administrator',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) io.err(`${issue.path.join('.')}: ${issue.message}`);
    io.err(USAGE);
    return 2;
  }
  const config = loadConfig({ ...(io.env ?? process.env), SEED_DEMO: 'false', SEED_DEMO_HISTORY: 'false', RUN_WORKERS: 'false' });
  let runtime;
  try {
    runtime = await openRuntime(config);
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    io.err(`${error.message} Stop the server first, or open the setup link it printed.`);
    return 1;
  }
  const app = await createApp(runtime);
  try {
    await app.init();
    const setup = app.get(SetupService);
    await runtime.projections.catchUp();
    if (!(await setup.pending())) {
      io.err('This installation is already set up: it has a provider company.');
      return 1;
    }
    const answer = (await app
      .get(CommandBus)
      .execute(new RunAggregateCommand(SETUP_USE_CASES.completeSetup, undefined, parsed.data, randomUUID(), 'cli'))) as SetupAnswer;
    io.out(`Provider company "${parsed.data.companyName}" created; its administrator ${answer.email} was sent the invitation to set a password.`);
    if (answer.invitation?.link) io.out(`No mail transport is configured (dev outbox): the invitation link is ${answer.invitation.link}`);
    return 0;
  } finally {
    await app.close();
    await runtime.close();
  }
}
