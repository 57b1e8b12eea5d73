import { z } from 'zod';
import { CURRENCIES, SERVICE_STATUSES } from '@onsite/domain';

const textsView = z.object({ en: z.string(), de: z.string().optional(), pt: z.string().optional() });

export const ManagedSegmentSchema = z
  .object({
    id: z.string(),
    name: textsView,
    subSegments: z.array(z.object({ id: z.string(), name: textsView })),
    retired: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ManagedCatalogueSegment' });

export type ManagedSegmentView = z.infer<typeof ManagedSegmentSchema>;

export const ManagedServiceSchema = z
  .object({
    id: z.string(),
    name: textsView,
    description: textsView,
    segmentIds: z.array(z.string()),
    subSegmentIds: z.array(z.string()),
    countries: z.array(z.string()),
    prices: z.partialRecord(z.enum(CURRENCIES), z.number()),
    equipmentItems: z.array(
      z.object({ manufacturer: z.string().optional(), machineModel: z.string(), machineVariant: z.string().optional(), quantity: z.number() }),
    ),
    status: z.enum(SERVICE_STATUSES),
    updatedAt: z.string(),
  })
  .meta({ id: 'ManagedCatalogueService' });

export type ManagedServiceView = z.infer<typeof ManagedServiceSchema>;
