// `npm run audit:verify FILE [-- --head HASH]`: exit 0 when intact, 1 naming the first changed/removed/inserted/reordered record.
import { runAuditVerifyCli } from '../services/api/dist/audit/audit-verify-cli.js';

process.exitCode = await runAuditVerifyCli(process.argv.slice(2));
