/** What GET /api/health answers; imported lazily (lib/server-info.ts) so the first page does not load zod. */
export { HealthSchema } from '@onsite/domain';
