import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
interface Place {
  lat: number;
  lng: number;
  label: string;
  city?: string;
  postCode?: string;
  state?: string;
  country?: string;
}
type Result = Data<{ status: string; results: Place[] }>;

/** A local stand-in for a Nominatim service over real HTTP: answers by the query text. */
function fakeNominatim(): Promise<{ origin: string; requests: URL[]; close: () => Promise<void> }> {
  const requests: URL[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('Slow')) return void setTimeout(() => res.end('[]'), 2_000);
    if (q.includes('Broken')) return void res.writeHead(500).end('oops');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/reverse') {
      return void res.end(
        JSON.stringify({
          lat: '51.4543',
          lon: '-0.9781',
          display_name: 'Riverside Way, Reading',
          address: { town: 'Reading', postcode: 'RG1 8DB', state: 'England', country_code: 'gb' },
        }),
      );
    }
    if (q.includes('Nowhere')) return void res.end('[]');
    res.end(JSON.stringify([{ lat: '51.4543', lon: '-0.9781', display_name: 'Riverside Way, Reading, United Kingdom' }]));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const imgSrc = (csp: string | null) => csp?.split(';').find((d) => d.startsWith('img-src'));

describe('maps and geocoding: the shipped basemap and gazetteer, a configured tile server and geocoder', () => {
  let configured: TestApp;
  let shipped: TestApp;
  let nominatim: Awaited<ReturnType<typeof fakeNominatim>>;
  let token: string;
  let shippedToken: string;

  beforeAll(async () => {
    nominatim = await fakeNominatim();
    configured = await startTestApp({
      GEOCODER_URL: `${nominatim.origin}/`,
      GEOCODER_TIMEOUT_MS: '500',
      MAP_TILE_URL: `${nominatim.origin}/{z}/{x}/{y}.png`,
      MAP_ATTRIBUTION: 'Local tiles',
    });
    shipped = await startTestApp();
    token = await configured.login('ec.admin@demo.onsite.test');
    shippedToken = await shipped.login('ec.admin@demo.onsite.test');
  });
  afterAll(async () => {
    await configured.close();
    await shipped.close();
    await nominatim.close();
  });

  it("lets images come from exactly the configured tile server's origin, and from nowhere else without one", async () => {
    for (const path of ['/', '/api/health', '/api/maps/world']) {
      const withTiles = await fetch(`${configured.baseUrl}${path}`);
      expect([path, imgSrc(withTiles.headers.get('content-security-policy'))]).toEqual([path, `img-src 'self' data: blob: ${nominatim.origin}`]);
      const without = await fetch(`${shipped.baseUrl}${path}`);
      expect([path, imgSrc(without.headers.get('content-security-policy'))]).toEqual([path, "img-src 'self' data: blob:"]);
    }
    expect((await configured.get<Data<{ maps: unknown }>>('/api/health')).body.data.maps).toEqual({
      tileUrl: `${nominatim.origin}/{z}/{x}/{y}.png`,
      attribution: 'Local tiles',
      geocoder: true,
    });
    expect((await shipped.get<Data<{ maps: unknown }>>('/api/health')).body.data.maps).toEqual({ tileUrl: null, attribution: null, geocoder: false });
  });

  it('serves the basemap from its own data: the world, a country up close, the names of a view; cached and validated', async () => {
    const world = await fetch(`${shipped.baseUrl}/api/maps/world`, { headers: { 'accept-encoding': 'gzip' } });
    expect(world.status).toBe(200);
    expect(world.headers.get('cache-control')).toBe('public, max-age=604800');
    const topology = (await world.json()) as { type: string; objects: { countries: { geometries: { id: string; properties: { name: string } }[] } } };
    expect(topology.type).toBe('Topology');
    expect(topology.objects.countries.geometries.find((g) => g.id === '756')?.properties.name).toBe('Switzerland');
    const raw = await fetch(`${shipped.baseUrl}/api/maps/world`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    const again = await fetch(`${shipped.baseUrl}/api/maps/world`, { headers: { 'if-none-match': world.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const swiss = await fetch(`${shipped.baseUrl}/api/maps/countries/756`);
    const shape = (await swiss.json()) as { type: string; geometry: { type: string; coordinates: number[][][] } };
    expect(shape.type).toBe('Feature');
    const ring = shape.geometry.coordinates.flat(2) as unknown as number[];
    expect(ring.length).toBeGreaterThan(1_000);
    expect((await fetch(`${shipped.baseUrl}/api/maps/countries/999`)).status).toBe(404);
    expect((await fetch(`${shipped.baseUrl}/api/maps/countries/ch`)).status).toBe(404);

    const names = (await (await fetch(`${shipped.baseUrl}/api/maps/places?south=45.8&west=5.9&north=47.8&east=10.5&zoom=8`)).json()) as [
      string,
      number,
      number,
    ][];
    expect(names.map(([name]) => name)).toEqual(expect.arrayContaining(['Zürich', 'Genève', 'Basel', 'Bern']));
    const bad = await fetch(`${shipped.baseUrl}/api/maps/places?south=48&west=5&north=45&east=10&zoom=8`);
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'validation_error']);
    // Sent gzipped to a browser that takes it (fetch unzips it above).
    expect((await fetch(`${shipped.baseUrl}/api/maps/countries/756`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip');
  });

  it('finds places with no outside service: as the person types, an address, the place a pin was dragged to', async () => {
    const suggest = (query: string, country = 'ch') => shipped.post<Result>('/api/geocode/suggest', { country, query }, shippedToken);
    const basel = (await suggest('Base')).body.data;
    expect(basel.status).toBe('found');
    expect(basel.results[0]).toMatchObject({ city: 'Basel', state: 'BS', country: 'ch', label: 'Basel' });
    expect(basel.results[0]!.lat).toBeCloseTo(47.56, 1);
    expect(basel.results[0]!.lng).toBeCloseTo(7.57, 1);
    expect((await suggest('Genf')).body.data.results[0]).toMatchObject({ city: 'Genf', label: 'Genf (Genève)' });
    expect((await suggest('Qqqzx')).body.data).toEqual({ status: 'not_found', results: [] });

    const address = (
      await shipped.post<Result>('/api/geocode', { addressLine1: '14 Riverside Way', postCode: 'RG1 8DB', city: 'Reading', country: 'uk' }, shippedToken)
    ).body.data;
    expect(address.status).toBe('found');
    expect(address.results[0]).toMatchObject({ city: 'Reading', country: 'uk' });
    expect(address.results[0]!.lat).toBeCloseTo(51.45, 1);

    const dragged = (await shipped.post<Result>('/api/geocode/reverse', { lat: 47.3769, lng: 8.5417, country: 'ch' }, shippedToken)).body.data;
    expect(dragged.results[0]).toMatchObject({ city: 'Zürich', state: 'ZH', country: 'ch' });
    expect((await shipped.post<Result>('/api/geocode/reverse', { lat: 40, lng: -35 }, shippedToken)).body.data).toEqual({ status: 'not_found', results: [] });
  });

  it('refuses bad input with the field, and callers without a session', async () => {
    const empty = await shipped.post<{ error: string; details: { path: string }[] }>('/api/geocode/suggest', { country: 'ch', query: '  ' }, shippedToken);
    expect([empty.status, empty.body.error, empty.body.details[0]?.path]).toEqual([400, 'validation_error', 'query']);
    const outside = await shipped.post<{ error: string }>('/api/geocode/reverse', { lat: 91, lng: 8 }, shippedToken);
    expect([outside.status, outside.body.error]).toEqual([400, 'validation_error']);
    for (const path of ['/api/geocode', '/api/geocode/suggest', '/api/geocode/reverse']) {
      expect([path, (await shipped.post(path, { country: 'ch', query: 'Basel', lat: 47, lng: 8 })).status]).toEqual([path, 401]);
    }
  });

  it('asks a configured geocoder first: its answer is its word; when it fails or is slow the gazetteer answers', async () => {
    const found = await configured.post<Result>(
      '/api/geocode',
      { addressLine1: '14 Riverside Way', postCode: 'RG1 8DB', city: 'Reading', country: 'uk' },
      token,
    );
    expect(found.body.data).toEqual({ status: 'found', results: [{ lat: 51.4543, lng: -0.9781, label: 'Riverside Way, Reading, United Kingdom' }] });
    const sent = nominatim.requests.at(-1)!;
    expect(sent.pathname).toBe('/search');
    expect(sent.searchParams.get('countrycodes')).toBe('gb');
    expect(sent.searchParams.get('q')).toBe('14 Riverside Way, RG1 8DB Reading');
    expect((await configured.post<Result>('/api/geocode', { city: 'Nowhere', country: 'de' }, token)).body.data).toEqual({ status: 'not_found', results: [] });

    const broken = (await configured.post<Result>('/api/geocode', { addressLine1: 'Broken 1', city: 'Hamburg', country: 'de' }, token)).body.data;
    expect(broken.results[0]).toMatchObject({ city: 'Hamburg', country: 'de' });
    const started = Date.now();
    const slow = (await configured.post<Result>('/api/geocode', { addressLine1: 'Slow lane 2', city: 'Basel', country: 'ch' }, token)).body.data;
    expect(slow.results[0]).toMatchObject({ city: 'Basel' });
    expect(Date.now() - started).toBeLessThan(1_900);

    // A dragged pin: the service's place, with its post code; suggestions never leave the server.
    const reverse = (await configured.post<Result>('/api/geocode/reverse', { lat: 51.45, lng: -0.97 }, token)).body.data;
    expect(reverse.results[0]).toMatchObject({ city: 'Reading', postCode: 'RG1 8DB', country: 'uk' });
    const asked = nominatim.requests.length;
    expect((await configured.post<Result>('/api/geocode/suggest', { country: 'ch', query: 'Zür' }, token)).body.data.results[0]).toMatchObject({
      city: 'Zürich',
    });
    expect(nominatim.requests.length).toBe(asked);
  });
});
