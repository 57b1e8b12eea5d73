import { z } from 'zod';

/** The auditors' requests: an order's or a time range's events, an order's evidence pack. */
export const AuditExportRequestSchema = z
  .object({
    refId: z.string().trim().min(1).max(40).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => !(b.refId && (b.from || b.to)), { message: 'Send refId or a time range, not both.', path: ['refId'] })
  .meta({ id: 'AuditExportRequest' });
export type AuditExportRequest = z.infer<typeof AuditExportRequestSchema>;

export const EvidencePackRequestSchema = z
  .object({ refId: z.string().trim().min(1).max(40), format: z.enum(['json', 'pdf']).default('json'), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'EvidencePackRequest' });
export type EvidencePackRequest = z.infer<typeof EvidencePackRequestSchema>;
