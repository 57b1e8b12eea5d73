import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from '@onsite/domain';
import { COUPON_STATUSES } from '@onsite/domain';

/*
 * Request and response shapes of the ordering support calls (coupons, missing services, geocoding), shared by
 * the api (validation, OpenAPI) and the console (parsing), so the two cannot drift apart.
 */

const localized = z.partialRecord(z.enum(LANGUAGES), z.string());
const inEveryLanguage = z.record(z.enum(LANGUAGES), z.string());

// ---- the portfolio

/** `GET /api/catalogue`: segments and services, names in every language, 'price from' in minor units per currency. */
export const CatalogueSchema = z
  .object({
    segments: z.array(z.object({ id: z.string(), name: inEveryLanguage, subSegments: z.array(z.object({ id: z.string(), name: inEveryLanguage })) })),
    services: z.array(
      z.object({
        id: z.string(),
        name: inEveryLanguage,
        description: inEveryLanguage,
        segmentIds: z.array(z.string()),
        subSegmentIds: z.array(z.string()),
        prices: z.partialRecord(z.enum(CURRENCIES), z.number()),
        equipmentItems: z.array(
          z.object({ manufacturer: z.string().optional(), machineModel: z.string(), machineVariant: z.string().optional(), quantity: z.number() }),
        ),
      }),
    ),
  })
  .meta({ id: 'Catalogue' });

// ---- coupons (optional; outcomes: valid, not found, no longer valid, not yet valid; D21)

/** `POST /api/cms/getDiscountCode`: a code as the customer typed it, for the country the order is placed in. */
export const DiscountCodeRequestSchema = z
  .object({ code: z.string().trim().min(1, 'This field is required.').max(64), country: z.string().trim().optional() })
  .meta({ id: 'DiscountCodeRequest' });
export type DiscountCodeRequest = z.infer<typeof DiscountCodeRequestSchema>;

export const DiscountCodeResultSchema = z
  .object({
    status: z.enum(COUPON_STATUSES),
    /** The code as stored (upper case). */
    code: z.string(),
    description: localized.optional(),
    /** `YYYY-MM-DD`, inclusive, in UTC. */
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
    /** Percent off the offer's price, when the coupon names one. */
    discountPercent: z.number().optional(),
  })
  .meta({ id: 'DiscountCodeResult' });
export type DiscountCodeResult = z.infer<typeof DiscountCodeResultSchema>;

// ---- describe a missing service (service portfolio)

export const MissingServiceRequestSchema = z
  .object({
    _id: z.string(),
    description: z.string(),
    segmentId: z.string().optional(),
    country: z.string(),
    contactTime: z.string().optional(),
    requestedAt: z.string(),
    requestedBy: z.object({ userId: z.string(), name: z.string(), email: z.string().optional(), companyName: z.string().optional() }),
    /** Staff who sent it while acting on behalf of the customer. */
    onBehalfOf: z.object({ userId: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'MissingServiceRequest' });
export type MissingServiceRequest = z.infer<typeof MissingServiceRequestSchema>;

// ---- geocoding (a Geocoder port: the shipped gazetteer, or a configured Nominatim-compatible service first)

export const GeocodeRequestSchema = z
  .object({
    addressLine1: z.string().trim().optional(),
    postCode: z.string().trim().optional(),
    city: z.string().trim().optional(),
    state: z.string().trim().optional(),
    country: z.string().trim().min(1, 'This field is required.'),
  })
  .meta({ id: 'GeocodeRequest' });
export type GeocodeRequest = z.infer<typeof GeocodeRequestSchema>;

/** `unavailable`: no geocoder answered (a configured service failed and nothing else could); the address is kept without coordinates. */
export const GEOCODE_STATUSES = ['found', 'not_found', 'unavailable'] as const;

/** A place a geocoder knows: where it is and the address parts it can fill (a post code only where its data has one). */
export const GeocodedPlaceSchema = z
  .object({
    lat: z.number(),
    lng: z.number(),
    label: z.string(),
    city: z.string().optional(),
    postCode: z.string().optional(),
    state: z.string().optional(),
    /** The product's country code (uk, de, …). */
    country: z.string().optional(),
  })
  .meta({ id: 'GeocodedPlace' });
export type GeocodedPlace = z.infer<typeof GeocodedPlaceSchema>;

export const GeocodeResultSchema = z
  .object({
    status: z.enum(GEOCODE_STATUSES),
    results: z.array(GeocodedPlaceSchema),
  })
  .meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

/** Places of a country whose name (or post code, where the data has them) starts with what the person typed. */
export const PlaceSuggestRequestSchema = z
  .object({
    country: z.string().trim().min(1, 'This field is required.'),
    query: z.string().trim().min(1, 'This field is required.').max(100),
    limit: z.number().int().min(1).max(20).optional(),
  })
  .meta({ id: 'PlaceSuggestRequest' });
export type PlaceSuggestRequest = z.infer<typeof PlaceSuggestRequestSchema>;

/** The place nearest to a point (a dragged pin). */
export const ReverseGeocodeRequestSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    country: z.string().trim().min(1).optional(),
  })
  .meta({ id: 'ReverseGeocodeRequest' });
export type ReverseGeocodeRequest = z.infer<typeof ReverseGeocodeRequestSchema>;

/** GET /api/maps/places: the view of a map (its bounds and zoom) whose place names the basemap shows. */
export const MapViewQuerySchema = z
  .object({
    south: z.coerce.number().min(-90).max(90),
    west: z.coerce.number().min(-540).max(540),
    north: z.coerce.number().min(-90).max(90),
    east: z.coerce.number().min(-540).max(540),
    zoom: z.coerce.number().min(0).max(22),
  })
  .refine((v) => v.south <= v.north && v.west <= v.east, { message: 'south must not exceed north, nor west east', path: ['north'] })
  .meta({ id: 'MapViewQuery' });
export type MapViewQuery = z.infer<typeof MapViewQuerySchema>;
