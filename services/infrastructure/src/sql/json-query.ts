/**
 * Translates the DocumentStore filter, sort and patch shapes into SQL over a `data jsonb` column.
 * Values always travel as parameters. Paths are validated and inlined as text[] literals so that
 * expression indexes (which need constant paths) match the queries.
 */
import type { Condition, Filter, Scalar, SortSpec } from '../document-store/document-store.js';

/** Collects parameters and hands out their placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function parsePath(path: string): string[] {
  const segments = path.split('.');
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid document path "${path}": use dotted names of letters, digits, "_" and "-".`);
  }
  return segments;
}

/** `'{"a","b"}'`: quoted elements so that a segment such as NULL stays a string. */
function pathLiteral(segments: readonly string[]): string {
  return `'{${segments.map((segment) => `"${segment}"`).join(',')}}'`;
}

/** The value at `path` as jsonb (SQL NULL when missing); declared indexes use the same expression. */
export function jsonAt(path: string): string {
  return `(data #> ${pathLiteral(parsePath(path))})`;
}

/** The text at `path` (SQL NULL when missing): what `contains` filters and sorts compare; trigram indexes use it. */
export function textAt(path: string): string {
  return `(data #>> ${pathLiteral(parsePath(path))})`;
}

/** Numbers and numeric strings as numeric, anything else NULL (a cast error would fail the whole query). */
function numericAt(path: string): string {
  const text = textAt(path);
  return `(CASE WHEN ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?\\s*$' THEN ${text}::numeric END)`;
}

/** ISO-8601-looking strings as instants, anything else NULL. */
function instantAt(path: string): string {
  const text = textAt(path);
  return `(CASE WHEN ${text} ~ '^\\d{4}-\\d{2}-\\d{2}' THEN ${text}::timestamptz END)`;
}

type RangeCondition = {
  readonly gt?: number | string;
  readonly gte?: number | string;
  readonly lt?: number | string;
  readonly lte?: number | string;
  readonly date?: boolean;
};

const RANGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const SINGLE_KEY_OPERATORS = new Set(['eq', 'ne', 'in', 'contains', 'includes', 'exists', 'has']);

/** A boolean SQL expression for `filter` (TRUE when empty). */
export function compileFilter(filter: Filter | undefined, params: SqlParams): string {
  if (!filter) return 'TRUE';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value)) throw new Error(`${key} takes an array of filters.`);
      const subFilters = value as readonly Filter[];
      if (subFilters.length === 0) parts.push(key === '$or' ? 'FALSE' : 'TRUE');
      else parts.push(`(${subFilters.map((sub) => compileFilter(sub, params)).join(key === '$or' ? ' OR ' : ' AND ')})`);
    } else if (key.startsWith('$')) {
      throw new Error(`Unknown filter operator ${key}.`);
    } else if (Array.isArray(value)) {
      throw new Error(`Filter on "${key}" is an array: use { in: [...] }.`);
    } else {
      parts.push(compileCondition(key, value as Condition, params));
    }
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

function compileCondition(path: string, condition: Condition, params: SqlParams): string {
  if (condition === null || typeof condition !== 'object') return equals(path, condition, params);
  const keys = Object.keys(condition);
  const single = keys.length === 1 ? keys[0] : undefined;
  if (single !== undefined && SINGLE_KEY_OPERATORS.has(single)) {
    if ('eq' in condition) return equals(path, condition.eq, params);
    if ('ne' in condition) return notEquals(path, condition.ne, params);
    if ('in' in condition) return oneOf(path, condition.in, params);
    if ('contains' in condition) return `${textAt(path)} ILIKE ${params.add(`%${escapeLike(condition.contains)}%`)}`;
    // LIKE compares the bytes: no case folding of every row's text, as ILIKE does (the same trigram index serves both).
    if ('includes' in condition) return `${textAt(path)} LIKE ${params.add(`%${escapeLike(condition.includes)}%`)}`;
    if ('exists' in condition) return `${jsonAt(path)} IS ${condition.exists ? 'NOT NULL' : 'NULL'}`;
    if ('has' in condition) return `${jsonAt(path)} @> ${params.json([condition.has])}`;
  }
  return range(path, condition as RangeCondition, keys, params);
}

/** null matches a JSON null and a missing value alike. */
function equals(path: string, value: Scalar, params: SqlParams): string {
  if (value === null) return `COALESCE(${jsonAt(path)}, 'null'::jsonb) = 'null'::jsonb`;
  return `${jsonAt(path)} = ${params.json(value)}`;
}

function notEquals(path: string, value: Scalar, params: SqlParams): string {
  if (value === null) return `COALESCE(${jsonAt(path)}, 'null'::jsonb) <> 'null'::jsonb`;
  return `${jsonAt(path)} IS DISTINCT FROM ${params.json(value)}`;
}

function oneOf(path: string, values: readonly Scalar[], params: SqlParams): string {
  const present = values.filter((value) => value !== null);
  const parts = present.length > 0 ? [`${jsonAt(path)} IN (${present.map((value) => params.json(value)).join(', ')})`] : [];
  if (present.length < values.length) parts.push(equals(path, null, params));
  return parts.length === 0 ? 'FALSE' : `(${parts.join(' OR ')})`;
}

/**
 * Range bounds: with `date: true` instants, otherwise a number bound compares numerically and a string bound
 * compares text in byte order (as sorting does).
 */
function range(path: string, condition: RangeCondition, keys: readonly string[], params: SqlParams): string {
  const rangeKeys = keys.filter((key): key is keyof typeof RANGE_OPERATORS => key in RANGE_OPERATORS);
  if (rangeKeys.length === 0 || keys.some((key) => key !== 'date' && !(key in RANGE_OPERATORS))) {
    throw new Error(`Invalid condition on "${path}": ${JSON.stringify(condition)}.`);
  }
  // Undefined bounds are open ends (handy for optional UI filters).
  const bounds = rangeKeys.filter((key) => condition[key] !== undefined);
  if (bounds.length === 0) return 'TRUE';
  return bounds
    .map((key) => {
      const bound = condition[key];
      const operator = RANGE_OPERATORS[key];
      if (condition.date) {
        const instant = typeof bound === 'number' ? new Date(bound).toISOString() : bound;
        return `${instantAt(path)} ${operator} ${params.add(instant)}::timestamptz`;
      }
      if (typeof bound === 'number') return `${numericAt(path)} ${operator} ${params.add(bound)}::numeric`;
      return `${textAt(path)} COLLATE "C" ${operator} ${params.add(bound)}::text`;
    })
    .join(' AND ');
}

/** Backslash is LIKE's default escape character. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

export function compileSort(sort: readonly SortSpec[] | undefined): string {
  const terms = (sort ?? []).map((spec) => {
    const expression = spec.numeric ? numericAt(spec.path) : `${textAt(spec.path)} COLLATE "C"`;
    // Missing values sort lowest, as in MongoDB.
    return spec.direction === 'desc' ? `${expression} DESC NULLS LAST` : `${expression} ASC NULLS FIRST`;
  });
  // The id makes paging with skip/limit deterministic.
  return [...terms, 'id'].join(', ');
}

/**
 * A jsonb expression for `column` with each dotted path set (creating missing intermediate objects) or,
 * for `undefined`, removed. Each step reads the previous step's result through LATERAL, so the SQL grows
 * linearly with the number of paths.
 */
export function compilePatch(column: string, set: Readonly<Record<string, unknown>>, params: SqlParams): string {
  const entries = Object.entries(set);
  if (entries.length === 0) return column;
  const steps = entries.map(([path, value], index) => {
    const base = `s${index}.d`;
    const segments = parsePath(path);
    const expression = value === undefined ? `${base} #- ${pathLiteral(segments)}` : setDeep(base, segments, params.json(value));
    return `LATERAL (SELECT ${expression} AS d) AS s${index + 1}`;
  });
  return `(SELECT s${entries.length}.d FROM (SELECT ${column} AS d) AS s0, ${steps.join(', ')})`;
}

function setDeep(base: string, segments: readonly string[], value: string): string {
  let expression = value;
  for (let depth = segments.length - 1; depth >= 0; depth--) {
    const parent = depth === 0 ? base : `${base} #> ${pathLiteral(segments.slice(0, depth))}`;
    const container = `(CASE WHEN jsonb_typeof(${parent}) IN ('object', 'array') THEN ${parent} ELSE '{}'::jsonb END)`;
    expression = `jsonb_set(${container}, ${pathLiteral(segments.slice(depth, depth + 1))}, ${expression})`;
  }
  return expression;
}
