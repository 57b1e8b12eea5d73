import { z } from 'zod';
import { REJECTION_REASONS } from '@onsite/domain';

/** A month bucket key of the dashboards' read models: 'YYYY-MM'. */
const month = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM.');
const country = () => z.string().trim().min(2).max(3);

/** Why an offered or requested order was not won: the customer's structured reject reasons, an expiry, a decline. */
export const LOSS_REASONS = [...REJECTION_REASONS, 'EXPIRED', 'DECLINED'] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export const KPI_VIEWS = ['internal', 'external'] as const;
export type KpiView = (typeof KPI_VIEWS)[number];

/** GET /api/kpi: the months from..to (inclusive), one country or all the caller may see. */
export const KpiQuerySchema = z
  .object({
    from: month().describe('First month, YYYY-MM.'),
    to: month().describe('Last month, YYYY-MM.'),
    country: country().optional(),
    view: z.enum(KPI_VIEWS).default('internal').describe('internal: every order; external: orders customers submitted themselves.'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last month must not be before the first.' })
  .meta({ id: 'KpiQuery' });
export type KpiQuery = z.infer<typeof KpiQuerySchema>;

export const KpiDrillQuerySchema = z
  .object({
    from: month(),
    to: month(),
    country: country().optional(),
    view: z.enum(KPI_VIEWS).default('internal'),
    reason: z.enum(LOSS_REASONS),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last month must not be before the first.' })
  .meta({ id: 'KpiDrillQuery' });
export type KpiDrillQuery = z.infer<typeof KpiDrillQuerySchema>;

const leadTime = z.object({ count: z.number().int(), medianHours: z.number().nullable(), p90Hours: z.number().nullable() });

export const KpiFiguresSchema = z.object({
  requests: z.number().int(),
  offered: z.number().int(),
  accepted: z.number().int(),
  lost: z.number().int(),
  /** accepted / (accepted + lost); null without a decided order. */
  acceptanceRate: z.number().nullable(),
  lossReasons: z.partialRecord(z.enum(LOSS_REASONS), z.number().int()),
  requestToOffer: leadTime,
  offerToAccept: leadTime,
  jobsCompleted: z.number().int(),
  jobsOnTime: z.number().int(),
  feedbackCount: z.number().int(),
  /** Average stars of every rated feedback entry; null without one. */
  feedbackAverage: z.number().nullable(),
});
export type KpiFigures = z.infer<typeof KpiFiguresSchema>;

export const KpiReportSchema = z
  .object({
    from: month(),
    to: month(),
    view: z.enum(KPI_VIEWS),
    countries: z.array(z.string()).describe('Countries the figures cover (the caller may see these).'),
    total: KpiFiguresSchema,
    byMonth: z.array(
      z.object({ month: z.string(), requests: z.number().int(), offered: z.number().int(), accepted: z.number().int(), lost: z.number().int() }),
    ),
    byCountry: z.array(
      z.object({ country: z.string(), requests: z.number().int(), accepted: z.number().int(), lost: z.number().int(), acceptanceRate: z.number().nullable() }),
    ),
  })
  .meta({ id: 'KpiReport' });
export type KpiReport = z.infer<typeof KpiReportSchema>;

export const KpiDrillSchema = z
  .object({ reason: z.enum(LOSS_REASONS), orders: z.array(z.object({ refId: z.string(), country: z.string(), customerName: z.string(), month: z.string() })) })
  .meta({ id: 'KpiDrill' });
export type KpiDrill = z.infer<typeof KpiDrillSchema>;

/** OEM dashboard. */
export const JOB_STATES = ['planned', 'executed', 'cancelled', 'open'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const DashboardQuerySchema = z
  .object({
    from: z.iso.date().describe('First day, YYYY-MM-DD.'),
    to: z.iso.date().describe('Last day, YYYY-MM-DD.'),
    country: country().optional(),
    account: z.string().trim().min(1).max(100).optional().describe('A company id among the accounts the caller may see.'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last day must not be before the first.' })
  .meta({ id: 'DashboardQuery' });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const DashboardJobSchema = z.object({
  refId: z.string(),
  companyId: z.string(),
  country: z.string(),
  state: z.enum(JOB_STATES),
  status: z.string(),
  date: z.string().describe('The job day (local to the location): its schedule, else the preferred time frame.'),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  city: z.string().nullable(),
});
export type DashboardJob = z.infer<typeof DashboardJobSchema>;

export const DashboardReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    accounts: z.array(z.object({ companyId: z.string(), name: z.string() })),
    countries: z.array(z.string()),
    total: z.number().int(),
    planned: z.number().int(),
    executed: z.number().int(),
    timeline: z.array(z.object({ month: z.string(), planned: z.number().int(), executed: z.number().int() })),
    byStatus: z.record(z.string(), z.number().int()),
    byServiceType: z.array(z.object({ serviceId: z.string(), name: z.string(), count: z.number().int() })),
    /** Jobs with a known position, for the map (at most 5,000). */
    markers: z.array(DashboardJobSchema),
    upcoming: z.array(DashboardJobSchema).describe('Next planned jobs (at most 20).'),
    recent: z.array(DashboardJobSchema).describe('Last executed jobs (at most 20).'),
  })
  .meta({ id: 'DashboardReport' });
export type DashboardReport = z.infer<typeof DashboardReportSchema>;
