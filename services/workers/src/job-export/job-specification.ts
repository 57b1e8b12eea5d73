import type { ExistingOrderState } from '@onsite/domain';

const JOB_SPECIFICATION_SCHEMA = 'onsite.job-specification/1';

/** What the planning tool receives. `specVersion` is the order stream version of the CREATE_JOB_SPECIFICATION event. */
export interface JobSpecification {
  readonly schema: typeof JOB_SPECIFICATION_SCHEMA;
  readonly jobId: string;
  readonly specVersion: number;
  readonly order: { readonly orderId: string; readonly refId: string; readonly po: string | null };
  readonly customer: ExistingOrderState['order']['customer'];
  readonly location: ExistingOrderState['order']['content']['location'] | null;
  readonly timeframes: ExistingOrderState['order']['content']['timeframes'];
  readonly services: ExistingOrderState['order']['content']['services'];
  readonly equipments: ExistingOrderState['order']['content']['equipments'];
  readonly technicians: ExistingOrderState['order']['content']['additionalInformation']['serviceTechnicians'] | null;
  readonly contacts: ExistingOrderState['order']['content']['contacts'];
  readonly notes: string | null;
  /** What staff asked for when preparing the job (null: the customer's expected technicians and time frames apply). */
  readonly requestedTeamSize: number | null;
  readonly requestedWindow: { readonly from: string; readonly to: string } | null;
  readonly shortNotice: ExistingOrderState['order']['shortNotice'];
  /** The site brief (D213): what the technicians meet on site and must bring; a later field, added to schema 1. */
  readonly site: {
    readonly siteWalk: boolean;
    readonly siteWalkDate: string | null;
    readonly certificates: readonly string[];
    readonly allergens: readonly string[];
    readonly environments: readonly { readonly key: string; readonly value: string | null }[];
    readonly toolsByCustomer: string | null;
    readonly toolsByProvider: string | null;
    /** The catalogue segments (ids) the job belongs to; a later field, added to schema 1. */
    readonly segments: readonly string[];
  };
  /** The files attached while ordering (storage paths, names and types; D218); a later field, added to schema 1. */
  readonly attachments: NonNullable<ExistingOrderState['order']['content']['additionalInformation']['files']>;
}

/** Builds the specification from the order as it was right after the CREATE_JOB_SPECIFICATION event. */
export function jobSpecificationOf(
  state: ExistingOrderState,
  job: { readonly jobId: string; readonly specVersion: number; readonly notes?: string },
): JobSpecification {
  const { order } = state;
  return {
    schema: JOB_SPECIFICATION_SCHEMA,
    jobId: job.jobId,
    specVersion: job.specVersion,
    order: { orderId: order.orderId, refId: order.refId, po: order.po?.number ?? null },
    customer: order.customer,
    location: order.content.location ?? null,
    timeframes: order.content.timeframes,
    services: order.content.services,
    equipments: order.content.equipments,
    technicians: order.content.additionalInformation.serviceTechnicians ?? null,
    contacts: order.content.contacts,
    notes: job.notes ?? null,
    requestedTeamSize: order.job?.requestedTeamSize ?? null,
    requestedWindow: order.job?.requestedWindow ?? null,
    shortNotice: order.shortNotice,
    site: siteOf(order.content.additionalInformation),
    attachments: order.content.additionalInformation.files ?? [],
  };
}

function siteOf(info: ExistingOrderState['order']['content']['additionalInformation']): JobSpecification['site'] {
  return {
    siteWalk: info.siteWalk === true,
    siteWalkDate: info.siteWalkDate ?? null,
    certificates: info.selectedCertificates ?? [],
    allergens: info.selectedAllergies ?? [],
    environments: (info.selectedEnvironments ?? []).map((e) => ({ key: e.key, value: e.value ?? null })),
    toolsByCustomer: info.toolsRequiredByCustomer ?? null,
    toolsByProvider: info.toolsRequiredByProvider ?? null,
    segments: info.selectedSegments ?? [],
  };
}
