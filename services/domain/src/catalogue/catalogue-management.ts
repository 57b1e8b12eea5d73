import { z } from 'zod';
import type { CommandContext } from '../shared/command.js';
import { COUNTRY_CODES, CURRENCIES, currencyOf, LANGUAGES, type Currency, type Language } from '../shared/countries.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, notFound, validationError, type ErrorDetail } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { canManageCatalogue } from './coupon-management.js';
import type { CatalogueSegment, CatalogueService, EquipmentItemTemplate, LocalizedText } from './types.js';

/**
 * The service catalogue as the provider manages it (D208): the segments and their sub-segments are one stream; each
 * service is a stream of its own, created as a draft, published (offered in its countries) and retired by staff who
 * manage the catalogue. Customers see only published services of their country.
 */
export const CATALOGUE_SEGMENTS_STREAM = 'catalogue-segments';
export const catalogueServiceStreamId = (serviceId: string): string => `catalogue-service-${serviceId}`;

export const CATALOGUE_ID_MESSAGE = 'An id is 2 to 48 lower-case letters, digits or dashes, starting with a letter or digit.';
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,47}$/;
const catalogueId = z.string().trim().regex(ID_PATTERN, { error: CATALOGUE_ID_MESSAGE });

/** English is required; German and Portuguese are optional (readers see English where a text is missing). */
const texts = (max: number, required: string) =>
  z.object({
    en: z.string().trim().min(1, { error: required }).max(max),
    de: z.string().trim().max(max).optional(),
    pt: z.string().trim().max(max).optional(),
  });

export type Texts = { readonly en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

const countries = z.array(z.enum(COUNTRY_CODES as [string, ...string[]], { error: 'Choose countries from the list.' })).max(COUNTRY_CODES.length);

const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;

export const SegmentInputSchema = z
  .object({
    id: catalogueId,
    name: texts(80, 'Enter the English name.'),
    subSegments: z
      .array(z.object({ id: catalogueId, name: texts(80, 'Enter the English name.') }))
      .max(50)
      .default([]),
  })
  .refine((s) => uniqueIds(s.subSegments.map((x) => x.id)), { path: ['subSegments'], error: 'Each sub-segment needs its own id.' })
  .meta({ id: 'CatalogueSegmentInput', description: 'A segment with its sub-segments: ids and names per language (English required).' });
export type SegmentInput = z.infer<typeof SegmentInputSchema>;

const PRICE_MESSAGE = 'Enter a price in minor units (cents): a whole number from 0.';

export const ServiceInputSchema = z
  .object({
    id: catalogueId,
    name: texts(120, 'Enter the English name.'),
    description: texts(1000, 'Enter the English description.'),
    segmentIds: z.array(catalogueId).min(1, { error: 'Choose at least one segment.' }).max(20),
    subSegmentIds: z.array(catalogueId).max(50).default([]),
    /** Where the service is offered; a price is needed in each of their currencies. */
    countries: countries.min(1, { error: 'Choose at least one country.' }),
    /** 'Price from' in minor units per currency. */
    prices: z.partialRecord(z.enum(CURRENCIES), z.int({ error: PRICE_MESSAGE }).min(0, { error: PRICE_MESSAGE }).max(1_000_000_000_00)).default({}),
    equipmentItems: z
      .array(
        z.object({
          manufacturer: z.string().trim().max(120).optional(),
          machineModel: z.string().trim().min(1, { error: 'Enter the machine model.' }).max(120),
          machineVariant: z.string().trim().max(120).optional(),
          quantity: z.int({ error: 'Enter a whole number from 1.' }).min(1, { error: 'Enter a whole number from 1.' }).max(999),
        }),
      )
      .max(20)
      .default([]),
  })
  .superRefine((s, ctx) => {
    for (const currency of new Set(s.countries.map((c) => currencyOf(c)).filter((c): c is Currency => c !== null))) {
      if (s.prices[currency] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['prices', currency],
          message: `Enter a price in ${currency}: the service is offered in ${s.countries.filter((c) => currencyOf(c) === currency).join(', ')}.`,
        });
    }
  })
  .meta({
    id: 'CatalogueServiceInput',
    description:
      'A service as staff enter it: id, name and description per language (English required), segments, countries where it is offered, a price in minor units for each of their currencies, and its usual equipment.',
  });
export type ServiceInput = z.infer<typeof ServiceInputSchema>;

export const CatalogueServiceRefSchema = z
  .object({ id: z.string().trim().regex(ID_PATTERN, { error: CATALOGUE_ID_MESSAGE }) })
  .meta({ id: 'CatalogueServiceRef' });
export const CatalogueSegmentRefSchema = CatalogueServiceRefSchema.meta({ id: 'CatalogueSegmentRef' });

/** A segment as staff manage it. */
export interface ManagedSegment {
  readonly id: string;
  readonly name: Texts;
  readonly subSegments: readonly { readonly id: string; readonly name: Texts }[];
}

/** A service as staff manage it: prices per currency (minor units) for the countries it is offered in. */
export interface ManagedService {
  readonly id: string;
  readonly name: Texts;
  readonly description: Texts;
  readonly segmentIds: readonly string[];
  readonly subSegmentIds: readonly string[];
  readonly countries: readonly string[];
  readonly prices: Partial<Record<Currency, number>>;
  readonly equipmentItems: readonly EquipmentItemTemplate[];
}

export const SERVICE_STATUSES = ['draft', 'published', 'retired'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

// ---- segments: one stream

export type SegmentEvent =
  | DomainEvent<'CATALOGUE_SEGMENT_CREATED', { readonly segment: ManagedSegment }>
  | DomainEvent<'CATALOGUE_SEGMENT_CHANGED', { readonly segment: ManagedSegment }>
  | DomainEvent<'CATALOGUE_SEGMENT_RETIRED', { readonly segmentId: string }>;

export interface SegmentsState {
  /** By id, in creation order. */
  readonly segments: Readonly<Record<string, { readonly segment: ManagedSegment; readonly retired: boolean }>>;
}

export type SegmentCommand =
  | { readonly type: 'CreateSegment'; readonly data: SegmentInput }
  | { readonly type: 'ChangeSegment'; readonly data: SegmentInput }
  | { readonly type: 'RetireSegment'; readonly segmentId: string };

function cleanTexts(input: { en: string; de?: string | undefined; pt?: string | undefined }): Texts {
  return {
    en: input.en,
    ...(input.de && input.de !== '' ? { de: input.de } : {}),
    ...(input.pt && input.pt !== '' ? { pt: input.pt } : {}),
  };
}

const toSegment = (input: SegmentInput): ManagedSegment => ({
  id: input.id,
  name: cleanTexts(input.name),
  subSegments: input.subSegments.map((s) => ({ id: s.id, name: cleanTexts(s.name) })),
});

const assertManager = (ctx: CommandContext) => {
  if (!canManageCatalogue(ctx.actor)) throw forbidden('Only staff administrators and sales staff change the catalogue.');
};

const segmentNotFound = () => notFound('There is no segment with this id.', 'segment_not_found');

export const initialSegmentsState: SegmentsState = { segments: {} };

/** The segments: an id is taken for ever (a retired segment keeps it, so old services keep their meaning). */
export const segmentsDecider: Decider<SegmentCommand, SegmentsState, SegmentEvent> = {
  initialState: initialSegmentsState,
  decide(command, state, ctx) {
    assertManager(ctx);
    switch (command.type) {
      case 'CreateSegment':
      case 'ChangeSegment': {
        const segment = toSegment(command.data);
        const current = state.segments[segment.id];
        if (command.type === 'CreateSegment' && current) throw conflict('segment_exists', `A segment with the id ${segment.id} exists already.`);
        if (command.type === 'ChangeSegment') {
          if (!current) throw segmentNotFound();
          if (current.retired) throw conflict('segment_retired', 'This segment is retired and can no longer be changed.');
        }
        // A sub-segment id names one sub-segment of the whole catalogue (services refer to it by id alone).
        const taken = new Map(
          Object.values(state.segments)
            .filter((s) => s.segment.id !== segment.id)
            .flatMap((s) => s.segment.subSegments.map((sub) => [sub.id, s.segment.id] as const)),
        );
        const clashes: ErrorDetail[] = segment.subSegments.flatMap((sub, i) =>
          taken.has(sub.id)
            ? [{ path: `subSegments.${i}.id`, code: 'sub_segment_exists', message: `The segment ${taken.get(sub.id)} has a sub-segment with this id.` }]
            : [],
        );
        if (clashes.length > 0) throw validationError('One or more fields contain errors.', clashes);
        if (current && JSON.stringify(current.segment) === JSON.stringify(segment)) return [];
        return [{ type: command.type === 'CreateSegment' ? 'CATALOGUE_SEGMENT_CREATED' : 'CATALOGUE_SEGMENT_CHANGED', data: { segment } }];
      }
      case 'RetireSegment': {
        const current = state.segments[command.segmentId];
        if (!current) throw segmentNotFound();
        if (current.retired) return [];
        return [{ type: 'CATALOGUE_SEGMENT_RETIRED', data: { segmentId: command.segmentId } }];
      }
      default:
        return assertNever(command, 'segment command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CATALOGUE_SEGMENT_CREATED':
      case 'CATALOGUE_SEGMENT_CHANGED':
        return { segments: { ...state.segments, [event.data.segment.id]: { segment: event.data.segment, retired: false } } };
      case 'CATALOGUE_SEGMENT_RETIRED': {
        const current = state.segments[event.data.segmentId];
        return current ? { segments: { ...state.segments, [event.data.segmentId]: { ...current, retired: true } } } : state;
      }
      default:
        return assertNever(event, 'segment event');
    }
  },
};

// ---- services: a stream each

export type ServiceEvent =
  | DomainEvent<'CATALOGUE_SERVICE_CREATED', { readonly service: ManagedService }>
  | DomainEvent<'CATALOGUE_SERVICE_CHANGED', { readonly service: ManagedService }>
  | DomainEvent<'CATALOGUE_SERVICE_PUBLISHED', { readonly serviceId: string }>
  | DomainEvent<'CATALOGUE_SERVICE_RETIRED', { readonly serviceId: string }>;

export interface ServiceState {
  readonly service: ManagedService | null;
  readonly status: ServiceStatus;
}

/** Create and change name the segments as they are now (read from their stream), to check the references. */
export type ServiceCommand =
  | { readonly type: 'CreateService'; readonly data: ServiceInput; readonly segments: SegmentsState }
  | { readonly type: 'ChangeService'; readonly data: ServiceInput; readonly segments: SegmentsState }
  | { readonly type: 'PublishService'; readonly serviceId: string }
  | { readonly type: 'RetireService'; readonly serviceId: string };

const sortedUnique = (values: readonly string[]) => [...new Set(values)].sort();

function toService(input: ServiceInput): ManagedService {
  const currencies = new Set(input.countries.map((c) => currencyOf(c)));
  return {
    id: input.id,
    name: cleanTexts(input.name),
    description: cleanTexts(input.description),
    segmentIds: [...new Set(input.segmentIds)],
    subSegmentIds: [...new Set(input.subSegmentIds)],
    countries: sortedUnique(input.countries),
    // Only the currencies of its countries: a price nobody can be charged in is not kept.
    prices: Object.fromEntries(CURRENCIES.filter((c) => currencies.has(c) && input.prices[c] !== undefined).map((c) => [c, input.prices[c]!])),
    equipmentItems: input.equipmentItems.map((item) => ({
      ...(item.manufacturer ? { manufacturer: item.manufacturer } : {}),
      machineModel: item.machineModel,
      ...(item.machineVariant ? { machineVariant: item.machineVariant } : {}),
      quantity: item.quantity,
    })),
  };
}

/** The segments and sub-segments a service names must exist and not be retired; each sub-segment under a chosen segment. */
function assertReferences(service: ManagedService, { segments }: SegmentsState): void {
  const details: ErrorDetail[] = [];
  service.segmentIds.forEach((id, i) => {
    if (!segments[id] || segments[id].retired)
      details.push({ path: `segmentIds.${i}`, code: 'unknown_segment', message: `There is no segment ${id} in the catalogue.` });
  });
  const chosen = new Set(service.segmentIds.flatMap((id) => segments[id]?.segment.subSegments.map((s) => s.id) ?? []));
  service.subSegmentIds.forEach((id, i) => {
    if (!chosen.has(id))
      details.push({ path: `subSegmentIds.${i}`, code: 'unknown_sub_segment', message: `The sub-segment ${id} belongs to none of the chosen segments.` });
  });
  if (details.length > 0) throw validationError('One or more fields contain errors.', details);
}

const serviceNotFound = () => notFound('There is no service with this id.', 'service_not_found');

export const initialServiceState: ServiceState = { service: null, status: 'draft' };

/** One service: created once as a draft (an id stays taken for ever), published to be offered, retired to end the offer. */
export const serviceDecider: Decider<ServiceCommand, ServiceState, ServiceEvent> = {
  initialState: initialServiceState,
  decide(command, state, ctx) {
    assertManager(ctx);
    switch (command.type) {
      case 'CreateService': {
        if (state.service) throw conflict('service_exists', `A service with the id ${state.service.id} exists already.`);
        const service = toService(command.data);
        assertReferences(service, command.segments);
        return [{ type: 'CATALOGUE_SERVICE_CREATED', data: { service } }];
      }
      case 'ChangeService': {
        if (!state.service) throw serviceNotFound();
        const service = toService(command.data);
        assertReferences(service, command.segments);
        if (JSON.stringify(service) === JSON.stringify(state.service)) return [];
        return [{ type: 'CATALOGUE_SERVICE_CHANGED', data: { service } }];
      }
      case 'PublishService': {
        if (!state.service) throw serviceNotFound();
        if (state.status === 'published') return [];
        return [{ type: 'CATALOGUE_SERVICE_PUBLISHED', data: { serviceId: state.service.id } }];
      }
      case 'RetireService': {
        if (!state.service) throw serviceNotFound();
        if (state.status !== 'published') return [];
        return [{ type: 'CATALOGUE_SERVICE_RETIRED', data: { serviceId: state.service.id } }];
      }
      default:
        return assertNever(command, 'service command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CATALOGUE_SERVICE_CREATED':
        return { service: event.data.service, status: 'draft' };
      case 'CATALOGUE_SERVICE_CHANGED':
        return { ...state, service: event.data.service };
      case 'CATALOGUE_SERVICE_PUBLISHED':
        return { ...state, status: 'published' };
      case 'CATALOGUE_SERVICE_RETIRED':
        return { ...state, status: 'retired' };
      default:
        return assertNever(event, 'service event');
    }
  },
};

/** An id that is no valid catalogue id cannot name a stream: refused before anything is read. */
export function assertCatalogueId(id: string, path = 'id'): string {
  const trimmed = id.trim();
  if (!ID_PATTERN.test(trimmed)) throw validationError(CATALOGUE_ID_MESSAGE, [{ path, code: 'invalid_string', message: CATALOGUE_ID_MESSAGE }]);
  return trimmed;
}

const everyLanguage = (texts: Texts): LocalizedText => Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? texts.en])) as LocalizedText;

/** A managed segment as the ordering form reads it: every language filled (English where a text is missing). */
export const segmentForReaders = (segment: ManagedSegment): CatalogueSegment => ({
  id: segment.id,
  name: everyLanguage(segment.name),
  subSegments: segment.subSegments.map((s) => ({ id: s.id, name: everyLanguage(s.name) })),
});

/** A managed service as the ordering form reads it. */
export const serviceForReaders = (service: ManagedService): CatalogueService => ({
  id: service.id,
  name: everyLanguage(service.name),
  description: everyLanguage(service.description),
  segmentIds: [...service.segmentIds],
  subSegmentIds: [...service.subSegmentIds],
  prices: { ...service.prices },
  equipmentItems: service.equipmentItems.map((e) => ({ ...e })),
});

/**
 * Whether a published service is offered in a country: listed there, with a price in its currency (a country the
 * product sells in no currency — orders cannot be placed there — sees it listed without one).
 */
export function isOfferedIn(service: Pick<ManagedService, 'countries' | 'prices'>, country: string): boolean {
  const currency = currencyOf(country);
  return service.countries.includes(country) && (currency === null || service.prices[currency] !== undefined);
}
