import { createStores, DataDirectoryLockedError } from '@onsite/infrastructure';
import type { Projection } from '../runner/projection.js';
import { rebuild } from '../runner/rebuild.js';
import { storesConfigFromEnv as storesConfig } from './stores-config.js';

export interface RebuildCliOptions {
  /** Default process.env: see storesConfigFromEnv. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Names of the projections to rebuild (default process.argv.slice(2); none = all). */
  readonly args?: readonly string[];
  readonly print?: (line: string) => void;
  /** The rebuild's `streamDocument`: the id of a stream's documents, read together per chunk (D122). */
  readonly streamDocument?: (streamId: string) => string | undefined;
}

/** Rebuilds read models from the event log; returns the process exit code. The caller supplies the projections. */
export async function runRebuildCli(projections: readonly Projection[], options: RebuildCliOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const args = options.args ?? process.argv.slice(2);
  const print = options.print ?? ((line: string) => console.log(line));

  const config = storesConfig(env);
  if (typeof config === 'string') {
    print(config);
    return 2;
  }
  const unknown = args.filter((name) => !projections.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    print(`Unknown projection(s): ${unknown.join(', ')}. Known: ${projections.map((p) => p.name).join(', ')}.`);
    return 2;
  }
  const selected = args.length === 0 ? projections : projections.filter((projection) => args.includes(projection.name));

  const stores = await createStores(config).catch((error: unknown) => {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    print(`${error.message} Stop the application before rebuilding.`);
    return null;
  });
  if (!stores) return 1;
  try {
    const started = Date.now();
    let printed = 0;
    await rebuild(stores, selected, {
      ...(options.streamDocument ? { streamDocument: options.streamDocument } : {}),
      // The first and the last line, and one a second between them.
      onProgress: ({ projection, processed, total, done }) => {
        if (!done && processed > 0 && Date.now() - printed < 1000) return;
        printed = Date.now();
        const seconds = (printed - started) / 1000;
        const rate = processed > 0 && seconds > 0 ? `, ${Math.round(processed / seconds).toLocaleString('en')} events/s` : '';
        print(`${projection}: ${processed}/${total} events${rate}${done ? ', swapped in' : ''}`);
      },
    });
    return 0;
  } finally {
    await stores.close();
  }
}
