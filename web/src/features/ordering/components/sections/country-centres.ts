/** Rough centres of the served countries: where the map looks before the location has a pin. */
export const COUNTRY_CENTRES: Record<string, { lat: number; lng: number }> = {
  uk: { lat: 52.5, lng: -1.5 },
  de: { lat: 51.1, lng: 10.4 },
  us: { lat: 39.8, lng: -98.6 },
  in: { lat: 22.0, lng: 79.0 },
  ch: { lat: 46.8, lng: 8.2 },
  ca: { lat: 56.1, lng: -106.3 },
  ie: { lat: 53.4, lng: -8.2 },
  at: { lat: 47.5, lng: 14.5 },
  be: { lat: 50.5, lng: 4.5 },
  nl: { lat: 52.1, lng: 5.3 },
  lu: { lat: 49.8, lng: 6.1 },
  fr: { lat: 46.6, lng: 2.2 },
  it: { lat: 42.8, lng: 12.6 },
  es: { lat: 40.4, lng: -3.7 },
};
