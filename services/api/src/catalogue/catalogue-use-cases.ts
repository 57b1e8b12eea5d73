import {
  canManageCatalogue,
  CATALOGUE_SEGMENTS_STREAM,
  CatalogueSegmentRefSchema,
  CatalogueServiceRefSchema,
  catalogueServiceStreamId,
  forbidden,
  notFound,
  SegmentInputSchema,
  segmentsDecider,
  serviceDecider,
  ServiceInputSchema,
  type Actor,
  type ManagedService,
  validationError,
} from '@onsite/domain';
import { ManagedSegmentSchema, ManagedServiceSchema, PriceImportRequestSchema, PriceImportResultSchema } from '@onsite/contracts';
import { getManagedSegment, getManagedService, listManagedServices } from '@onsite/projections';
import { batchUseCaseOf, useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { errorDetails, planPriceImport } from './catalogue-prices.js';
import { readSegmentsState } from './segments-state.js';

const segment = useCasesOf(segmentsDecider);
const service = useCasesOf(serviceDecider);
const services = batchUseCaseOf(serviceDecider);

async function segmentNow({ id }: { id: string }, { runtime }: UseCaseFacts) {
  const found = await getManagedSegment(runtime.documentStore, id);
  if (!found) throw notFound('There is no segment with this id.', 'segment_not_found');
  return found;
}

async function serviceNow({ id }: { id: string }, { runtime }: UseCaseFacts) {
  const found = await getManagedService(runtime.documentStore, id);
  if (!found) throw notFound('There is no service with this id.', 'service_not_found');
  return found;
}

/** Refused before the segments are read (the decider refuses again). */
function manager(_request: unknown, { actor }: { actor: Actor }): void {
  if (!canManageCatalogue(actor)) throw forbidden('Only staff administrators and sales staff change the catalogue.');
}

/**
 * The managed catalogue's commands (D208): the segments in their one stream (of two concurrent conflicting changes,
 * exactly one is appended), each service in its own, checked against the segments as they are. Staff administrators
 * and sales staff may; the deciders refuse everyone else. The price import changes many services at once: every
 * change is decided before any is appended, so a refused one writes nothing.
 */
export const CATALOGUE_USE_CASES = {
  createSegment: segment({
    route: 'catalogue/segments/create',
    summary: 'Staff administrators and sales: a new segment with its sub-segments (409 segment_exists when the id is taken).',
    schema: SegmentInputSchema,
    response: ManagedSegmentSchema,
    target: () => ({ streamId: CATALOGUE_SEGMENTS_STREAM }),
    command: (request) => ({ type: 'CreateSegment', data: request }),
    answer: segmentNow,
  }),
  changeSegment: segment({
    route: 'catalogue/segments/change',
    summary: "Staff administrators and sales: a segment's names and sub-segments (the id stays).",
    schema: SegmentInputSchema,
    response: ManagedSegmentSchema,
    target: () => ({ streamId: CATALOGUE_SEGMENTS_STREAM }),
    command: (request) => ({ type: 'ChangeSegment', data: request }),
    answer: segmentNow,
  }),
  retireSegment: segment({
    route: 'catalogue/segments/retire',
    summary: 'Staff administrators and sales: retire a segment; the ordering form no longer lists it, its id stays taken.',
    schema: CatalogueSegmentRefSchema,
    response: ManagedSegmentSchema,
    target: () => ({ streamId: CATALOGUE_SEGMENTS_STREAM }),
    command: (request) => ({ type: 'RetireSegment', segmentId: request.id }),
    answer: segmentNow,
  }),
  createService: service({
    route: 'catalogue/services/create',
    summary: 'Staff administrators and sales: a new service as a draft (409 service_exists when the id is taken).',
    schema: ServiceInputSchema,
    response: ManagedServiceSchema,
    allow: manager,
    target: (request) => ({ streamId: catalogueServiceStreamId(request.id) }),
    command: async (request, { runtime }) => ({ type: 'CreateService', data: request, segments: await readSegmentsState(runtime) }),
    answer: serviceNow,
  }),
  changeService: service({
    route: 'catalogue/services/change',
    summary: "Staff administrators and sales: a service's names, segments, countries, prices or equipment; orders placed before keep theirs.",
    schema: ServiceInputSchema,
    response: ManagedServiceSchema,
    allow: manager,
    target: (request) => ({ streamId: catalogueServiceStreamId(request.id) }),
    command: async (request, { runtime }) => ({ type: 'ChangeService', data: request, segments: await readSegmentsState(runtime) }),
    answer: serviceNow,
  }),
  publishService: service({
    route: 'catalogue/services/publish',
    summary: 'Staff administrators and sales: offer a service to customers of its countries.',
    schema: CatalogueServiceRefSchema,
    response: ManagedServiceSchema,
    target: (request) => ({ streamId: catalogueServiceStreamId(request.id) }),
    command: (request) => ({ type: 'PublishService', serviceId: request.id }),
    answer: serviceNow,
  }),
  retireService: service({
    route: 'catalogue/services/retire',
    summary: 'Staff administrators and sales: end the offer of a service; orders holding it keep it as ordered.',
    schema: CatalogueServiceRefSchema,
    response: ManagedServiceSchema,
    target: (request) => ({ streamId: catalogueServiceStreamId(request.id) }),
    command: (request) => ({ type: 'RetireService', serviceId: request.id }),
    answer: serviceNow,
  }),
  importPrices: services({
    route: 'catalogue/prices/import',
    summary:
      'Staff administrators and sales: the prices of an exported spreadsheet, changed. `apply: false` answers every change and every row mistake; `apply: true` writes the changes (one CATALOGUE_SERVICE_CHANGED per service), or nothing at all when any row has a mistake (400 validation_error, details `rows.<row>.<column>`).',
    schema: PriceImportRequestSchema,
    response: PriceImportResultSchema,
    allow: manager,
    async target(request, { runtime }) {
      const current = new Map<string, ManagedService>(
        (await listManagedServices(runtime.documentStore)).map(({ status: _status, updatedAt: _at, ...managed }) => [managed.id, managed]),
      );
      const plan = await planPriceImport(Buffer.from(request.file, 'base64'), current);
      if (!request.apply) return { plan, steps: [] };
      if (plan.errors.length > 0) throw validationError('The spreadsheet has mistakes; nothing was changed.', errorDetails(plan.errors));
      const segments = await readSegmentsState(runtime);
      const steps = [...plan.services].map(([id, changed]) => ({
        name: id,
        streamId: catalogueServiceStreamId(id),
        command: { type: 'ChangeService' as const, data: ServiceInputSchema.parse(changed), segments },
      }));
      return { plan, steps };
    },
    refused: (error, step) =>
      validationError(`${step.name}: ${error.message} Nothing was changed.`, [{ path: `rows.${step.name}`, code: error.code, message: error.message }]),
    answer: (request, { target: { plan } }) => ({ changes: plan.changes, errors: request.apply ? [] : plan.errors, applied: request.apply }),
  }),
};
