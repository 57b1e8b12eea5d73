// `npm run backup -- --out FILE`: a consistent backup of the running embedded server that owns DATA_DIR (docs/operations.md, D198).
import { runBackupCli } from '../services/api/dist/ops/backup-cli.js';

process.exitCode = await runBackupCli(process.argv.slice(2));
