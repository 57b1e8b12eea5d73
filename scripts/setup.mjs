// `npm run setup -- --company NAME --admin-email ADDRESS [--country CODE] [--first-name NAME] [--last-name NAME]`:
// the first-run setup without a browser (docs/operations.md). In the embedded profile, stop the server first.
import { runSetupCli } from '../services/api/dist/setup/setup-cli.js';

process.exitCode = await runSetupCli(process.argv.slice(2));
