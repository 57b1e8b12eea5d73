import { z } from 'zod';
import { CHANNELS } from '@onsite/domain';

/** A message in the dev outbox (embedded profile): what the system would have sent, with its link. */
export const OutboxEntrySchema = z
  .object({
    _id: z.string(),
    channel: z.enum(CHANNELS),
    to: z.string(),
    kind: z.string(),
    subject: z.string(),
    text: z.string(),
    link: z.string().optional(),
    sentAt: z.string(),
  })
  .meta({ id: 'OutboxEntry' });
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** GET /api/health: liveness, the profile, and whether the dev outbox exists on this server. */
export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    profile: z.enum(['embedded', 'postgres', 'production']),
    devOutbox: z.boolean(),
    adapters: z.object({ eventStore: z.string(), documentStore: z.string(), jobs: z.string() }),
    version: z.string(),
    /**
     * The console's maps: the tile URL template and its attribution when a tile server is configured (the shipped
     * basemap draws every map without one), and whether an outside geocoding service is configured (the shipped
     * gazetteer answers without one).
     */
    maps: z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable(), geocoder: z.boolean() }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
