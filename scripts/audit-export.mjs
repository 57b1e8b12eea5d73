// `npm run audit:export -- [--order REF | --from T --to T] [--out FILE]`: the tamper-evident NDJSON export (docs/audit.md).
import { runAuditExportCli } from '../services/api/dist/audit/audit-cli.js';

process.exitCode = await runAuditExportCli(process.argv.slice(2));
