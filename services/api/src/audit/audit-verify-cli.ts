import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { verifyChain } from './audit-chain.js';

/** Kept apart from the export: verifying needs no database code, only node:crypto (fast to load, small in memory). */
export interface VerifyIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}
const DEFAULT_IO: VerifyIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

/** `npm run audit:verify FILE [--head HASH]`: exit 0 when the file is intact, 1 naming the first tampered record. */
export async function runAuditVerifyCli(argv: readonly string[], io: VerifyIo = DEFAULT_IO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { head: { type: 'string' } } });
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run audit:verify FILE [-- --head HASH]`);
    return 2;
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) {
    io.err('Usage: npm run audit:verify FILE [-- --head HASH]');
    return 2;
  }
  const input = createReadStream(file, { encoding: 'utf8' });
  const opened = await new Promise<Error | null>((resolve) => {
    input.once('open', () => resolve(null));
    input.once('error', resolve);
  });
  if (opened) {
    io.err(`Cannot read ${file}: ${opened.message}`);
    return 2;
  }
  const lines = createInterface({ input, crlfDelay: Infinity });
  const result = await verifyChain(lines, { expectedHead: parsed.values.head, onProgress: (n) => io.err(`verified ${n} records`) });
  lines.close();
  input.destroy();
  if (result.ok) {
    io.out(`OK: ${file} is intact — ${result.events} events, exported ${result.header.exportedAt}, head ${result.head}.`);
    if (!parsed.values.head) io.out('Compare the head with the one recorded at export: a file rewritten as a whole is only caught that way.');
    return 0;
  }
  io.out(`TAMPERED (${result.kind}) at line ${result.line}: ${result.message}`);
  return 1;
}
