/** What GET /api/health answers; imported lazily (lib/api/server-info.ts) so the first page does not load zod. */
export { HealthSchema } from '@onsite/contracts';
