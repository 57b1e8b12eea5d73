// `npm run restore -- FILE`: a backup into an empty DATA_DIR (docs/operations.md, D198).
import { runRestoreCli } from '../services/api/dist/ops/backup-cli.js';

process.exitCode = await runRestoreCli(process.argv.slice(2));
