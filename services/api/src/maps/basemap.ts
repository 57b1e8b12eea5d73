import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Gazetteer } from '../geocoding/gazetteer.js';

/**
 * The basemap that ships with the product (D145): Natural Earth's countries (public domain) from the `world-atlas`
 * package, the whole world at 1:50m and each country on its own at 1:10m for the closer zooms, and the labels of the
 * gazetteer's places. Made from the package's files on first use, kept in memory with their gzip, answered with
 * validators and a week's caching: nothing is fetched from anywhere.
 */
export interface MapFile {
  readonly json: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

const WORLD_ATLAS_VERSION = '2.0.2';
const requireFromHere = createRequire(import.meta.url);

function mapFile(json: string, tag: string): MapFile {
  const bytes = Buffer.from(json);
  return { json: bytes, gzip: gzipSync(bytes, { level: 9 }), etag: `"${tag}-${WORLD_ATLAS_VERSION}"` };
}

const readAtlas = async (file: string): Promise<Topology<{ countries: GeometryCollection<{ name: string }> }>> =>
  JSON.parse(await readFile(requireFromHere.resolve(`world-atlas/${file}`), 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;

let world: Promise<MapFile> | null = null;

/** Every country at 1:50m as TopoJSON (the console draws it with topojson-client): about 230 kB gzipped. */
export function worldMap(): Promise<MapFile> {
  world ??= (async () => {
    const topology = await readAtlas('countries-50m.json');
    // The merged land outline is not drawn (the countries are).
    const { land: _land, ...objects } = topology.objects as Record<string, unknown>;
    return mapFile(JSON.stringify({ ...topology, objects }), 'world-50m');
  })();
  return world;
}

let atlas10m: ReturnType<typeof readAtlas> | null = null;
const countries = new Map<string, MapFile | undefined>();

/** One country at 1:10m as a GeoJSON feature, coordinates to about 10 m, by its ISO 3166 numeric id ('756'). */
export async function countryMap(id: string): Promise<MapFile | undefined> {
  if (countries.has(id)) return countries.get(id);
  atlas10m ??= readAtlas('countries-10m.json');
  const topology = await atlas10m;
  const country = topology.objects.countries.geometries.find((g) => String(g.id) === id);
  const file = country
    ? mapFile(
        JSON.stringify(feature(topology, country), (_key, value: unknown) => (typeof value === 'number' ? Math.round(value * 1e4) / 1e4 : value)),
        `country-${id}-10m`,
      )
    : undefined;
  countries.set(id, file);
  return file;
}

/** The least population of a place labelled at a zoom: the capitals of the world first, every village at street level. */
export function labelPopulation(zoom: number): number {
  const steps = [5_000_000, 3_000_000, 2_000_000, 1_000_000, 500_000, 250_000, 100_000, 40_000, 15_000, 5_000, 2_000, 500];
  return steps[Math.max(0, Math.min(steps.length - 1, Math.round(zoom) - 1))]!;
}

/** The labels of a map view: the largest places in it, as [name, lat, lng] rows. */
export function placesWithin(
  gazetteer: Gazetteer,
  view: { south: number; west: number; north: number; east: number; zoom: number },
): [string, number, number][] {
  return gazetteer.within(view.south, view.west, view.north, view.east, labelPopulation(view.zoom), 80).map((p) => [p.name, p.lat, p.lng]);
}
