// `npm run replay -- --order REF [--until T]`: an order's states step by step (status, version, actor, on behalf of).
import { runReplayCli } from '../services/api/dist/audit/audit-cli.js';

process.exitCode = await runReplayCli(process.argv.slice(2));
