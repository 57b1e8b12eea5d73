// `npm run rebuild-read-models [projection …]`: rebuilds every read model (or the named ones) from position 0.
import { ALL_PROJECTIONS, newOrderDocument } from '../read-models.js';
import { runRebuildCli } from './rebuild.js';

process.exitCode = await runRebuildCli(ALL_PROJECTIONS, { streamDocument: newOrderDocument });
