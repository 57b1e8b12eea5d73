import { COUNTRIES } from '@onsite/domain';
import { type GeocodedPlace, type GeocodeRequest, type GeocodeResult, type PlaceSuggestRequest, type ReverseGeocodeRequest } from '@onsite/contracts';
import type { Gazetteer, Place, PlaceMatch } from './gazetteer.js';

/**
 * The port: an address in, candidate coordinates out; the places whose name starts with what a person types; the place
 * nearest to a point. Never throws: a service that fails answers `unavailable`.
 */
export interface Geocoder {
  geocode(request: GeocodeRequest): Promise<GeocodeResult>;
  suggest(request: PlaceSuggestRequest): Promise<GeocodeResult>;
  reverse(request: ReverseGeocodeRequest): Promise<GeocodeResult>;
}

const UNAVAILABLE: GeocodeResult = { status: 'unavailable', results: [] };
const NOT_FOUND: GeocodeResult = { status: 'not_found', results: [] };
const found = (results: GeocodedPlace[]): GeocodeResult => (results.length ? { status: 'found', results } : NOT_FOUND);

/** ISO 3166 codes as Nominatim's `countrycodes` wants them (the product writes the United Kingdom as `uk`). */
const isoCountry = (country: string): string => (country.toLowerCase() === 'uk' ? 'gb' : country.toLowerCase());
const productCountry = new Map(COUNTRIES.map((c) => [c.phoneCode, c.code]));

function placeOf(place: Place, name = place.name): GeocodedPlace {
  return {
    lat: place.lat,
    lng: place.lng,
    label: name === place.name ? name : `${name} (${place.name})`,
    city: name,
    ...(place.state ? { state: place.state } : {}),
    country: place.country,
  };
}

/**
 * The gazetteer that ships with the product (D146): city level, no outside service. An address is found by its
 * city, else by its post code's place where the data has post codes; the street is never looked up.
 */
export function gazetteerGeocoder(load: () => Promise<Gazetteer>): Geocoder {
  return {
    async geocode(request) {
      const gazetteer = await load();
      const country = request.country.toLowerCase();
      for (const text of [request.city, request.postCode]) {
        if (!text?.trim()) continue;
        const matches = gazetteer.suggest(country, text, 5);
        const exact = matches.filter((m) => searchEqual(m.matchedName, text));
        if (matches.length) return found((exact.length ? exact : matches).map(toPlace));
      }
      return NOT_FOUND;
    },
    async suggest(request) {
      const gazetteer = await load();
      return found(gazetteer.suggest(request.country.toLowerCase(), request.query, request.limit ?? 8).map(toPlace));
    },
    async reverse(request) {
      const place = (await load()).nearest(request.lat, request.lng, request.country?.toLowerCase());
      return found(place ? [placeOf(place)] : []);
    },
  };
}

const toPlace = (match: PlaceMatch): GeocodedPlace => placeOf(match.place, match.matchedName);
const searchEqual = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

interface NominatimPlace {
  readonly lat: string;
  readonly lon: string;
  readonly display_name?: string;
  readonly address?: Readonly<Record<string, string | undefined>>;
}

/**
 * A Nominatim-compatible search service (`GET <base>/search?format=jsonv2&q=…&countrycodes=…&limit=5`, and
 * `GET <base>/reverse?format=jsonv2&lat=…&lon=…` for a dragged pin). A slow, failing or malformed answer becomes
 * `unavailable` after `timeoutMs`, so the console never waits for ever. It is not asked for suggestions while a
 * person types (its public instances forbid autocomplete): it answers `unavailable` to those.
 */
export function nominatimGeocoder(baseUrl: string, timeoutMs: number, userAgent = 'Onsite ordering portal'): Geocoder {
  const call = async (path: string, params: Record<string, string>): Promise<unknown> => {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url.search = new URLSearchParams({ format: 'jsonv2', ...params }).toString();
    try {
      const response = await fetch(url, { headers: { 'user-agent': userAgent, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      return response.ok ? ((await response.json()) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const toResult = (p: NominatimPlace, fallbackLabel: string): GeocodedPlace => {
    const a = p.address ?? {};
    const city = a.city ?? a.town ?? a.village ?? a.municipality;
    const country = a.country_code ? productCountry.get(a.country_code.toLowerCase()) : undefined;
    return {
      lat: Number(p.lat),
      lng: Number(p.lon),
      label: String(p.display_name ?? fallbackLabel),
      ...(city ? { city } : {}),
      ...(a.postcode ? { postCode: a.postcode } : {}),
      ...(a.state ? { state: a.state } : {}),
      ...(country ? { country } : {}),
    };
  };
  const valid = (r: GeocodedPlace) => Number.isFinite(r.lat) && Number.isFinite(r.lng) && Math.abs(r.lat) <= 90 && Math.abs(r.lng) <= 180;
  return {
    async geocode(request) {
      const query = [request.addressLine1, [request.postCode, request.city].filter(Boolean).join(' '), request.state]
        .filter((part) => part && part.trim())
        .join(', ');
      if (!query) return NOT_FOUND;
      const places = await call('search', { q: query, countrycodes: isoCountry(request.country), limit: '5', addressdetails: '1' });
      if (!Array.isArray(places)) return UNAVAILABLE;
      return found((places as NominatimPlace[]).map((p) => toResult(p, query)).filter(valid));
    },
    suggest: async () => UNAVAILABLE,
    async reverse(request) {
      const place = (await call('reverse', { lat: String(request.lat), lon: String(request.lng), zoom: '14', addressdetails: '1' })) as
        NominatimPlace | { error?: string } | undefined;
      if (!place || typeof place !== 'object') return UNAVAILABLE;
      if ('error' in place || !('lat' in place)) return NOT_FOUND;
      const result = toResult(place, `${request.lat}, ${request.lng}`);
      return found(valid(result) ? [result] : []);
    },
  };
}

/**
 * The configured service first; the shipped gazetteer when it is `unavailable` (not configured, down, too slow, or
 * not asked, as for suggestions). An answer of the service, found or not, is its word (D147).
 */
export function firstAnswering(primary: Geocoder, fallback: Geocoder): Geocoder {
  const either =
    <R>(ask: (g: Geocoder, r: R) => Promise<GeocodeResult>) =>
    async (request: R) => {
      const answer = await ask(primary, request);
      return answer.status === 'unavailable' ? ask(fallback, request) : answer;
    };
  return {
    geocode: either((g, r: GeocodeRequest) => g.geocode(r)),
    suggest: either((g, r: PlaceSuggestRequest) => g.suggest(r)),
    reverse: either((g, r: ReverseGeocodeRequest) => g.reverse(r)),
  };
}
