import type { GeocodeRequest, GeocodeResult } from '@onsite/domain';

/** The port: an address in, candidate coordinates out. Never throws: a service that fails answers `unavailable`. */
export interface Geocoder {
  geocode(request: GeocodeRequest): Promise<GeocodeResult>;
}

const UNAVAILABLE: GeocodeResult = { status: 'unavailable', results: [] };

/** No geocoding service configured (the embedded default): addresses are kept without coordinates. */
export const noGeocoder: Geocoder = { geocode: async () => UNAVAILABLE };

/** ISO 3166 codes as Nominatim's `countrycodes` wants them (the product writes the United Kingdom as `uk`). */
const isoCountry = (country: string): string => (country.toLowerCase() === 'uk' ? 'gb' : country.toLowerCase());

interface NominatimPlace {
  readonly lat: string;
  readonly lon: string;
  readonly display_name?: string;
}

/**
 * A Nominatim-compatible search service (`GET <base>/search?format=jsonv2&q=…&countrycodes=…&limit=5`). A slow,
 * failing or malformed answer becomes `unavailable` after `timeoutMs`, so the console never waits for ever.
 */
export function nominatimGeocoder(baseUrl: string, timeoutMs: number, userAgent = 'Onsite ordering portal'): Geocoder {
  return {
    async geocode(request) {
      const query = [request.addressLine1, [request.postCode, request.city].filter(Boolean).join(' '), request.state].filter((part) => part && part.trim()).join(', ');
      if (!query) return { status: 'not_found', results: [] };
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({ format: 'jsonv2', q: query, countrycodes: isoCountry(request.country), limit: '5' }).toString();
      try {
        const response = await fetch(url, { headers: { 'user-agent': userAgent, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return UNAVAILABLE;
        const places = (await response.json()) as unknown;
        if (!Array.isArray(places)) return UNAVAILABLE;
        const results = (places as NominatimPlace[])
          .map((p) => ({ lat: Number(p.lat), lng: Number(p.lon), label: String(p.display_name ?? query) }))
          .filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lng) && Math.abs(r.lat) <= 90 && Math.abs(r.lng) <= 180);
        return results.length ? { status: 'found', results } : { status: 'not_found', results: [] };
      } catch {
        return UNAVAILABLE;
      }
    },
  };
}
