/**
 * Pure translation of the DocumentStore filter, sort and patch shapes into MongoDB queries. Documents are
 * stored as `{ _id, revision, data }`, so every user path lives under `data.`.
 */
import type { Condition, Filter, Scalar, SortSpec } from '../document-store/document-store.js';

export type MongoFilter = Record<string, unknown>;

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const RANGE_OPERATORS = { gt: '$gt', gte: '$gte', lt: '$lt', lte: '$lte' } as const;
const SINGLE_KEY_OPERATORS = new Set(['eq', 'ne', 'in', 'contains', 'includes', 'exists', 'has']);
/** Matches nothing (MongoDB refuses an empty $or). */
const NOTHING: MongoFilter = { _id: { $exists: false } };

/** `customer.name` → `data.customer.name`, refusing `$` and other characters that would change the query. */
export function dataPath(path: string): string {
  const segments = path.split('.');
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid document path "${path}": use dotted names of letters, digits, "_" and "-".`);
  }
  return `data.${path}`;
}

/** Escapes every regular-expression metacharacter so `contains` matches the text literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

export function toMongoFilter(filter: Filter | undefined): MongoFilter {
  if (!filter) return {};
  const parts: MongoFilter[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value)) throw new Error(`${key} takes an array of filters.`);
      const subs = (value as readonly Filter[]).map(toMongoFilter);
      if (subs.length === 0) {
        if (key === '$or') parts.push(NOTHING);
      } else parts.push({ [key]: subs });
    } else if (key.startsWith('$')) {
      throw new Error(`Unknown filter operator ${key}.`);
    } else if (Array.isArray(value)) {
      throw new Error(`Filter on "${key}" is an array: use { in: [...] }.`);
    } else {
      parts.push(toMongoCondition(key, value as Condition));
    }
  }
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0]!;
  return { $and: parts };
}

function toMongoCondition(path: string, condition: Condition): MongoFilter {
  const field = dataPath(path);
  if (condition === null || typeof condition !== 'object') return { [field]: { $eq: condition } };
  const keys = Object.keys(condition);
  const single = keys.length === 1 ? keys[0] : undefined;
  if (single !== undefined && SINGLE_KEY_OPERATORS.has(single)) {
    if ('eq' in condition) return { [field]: { $eq: condition.eq } };
    if ('ne' in condition) return { [field]: { $ne: condition.ne } };
    if ('in' in condition) return { [field]: { $in: [...condition.in] as Scalar[] } };
    if ('contains' in condition) return { [field]: { $regex: escapeRegex(condition.contains), $options: 'i' } };
    if ('includes' in condition) return { [field]: { $regex: escapeRegex(condition.includes) } };
    if ('exists' in condition) return { [field]: { $exists: condition.exists } };
    if ('has' in condition) return { [field]: { $elemMatch: { $eq: condition.has } } };
  }
  const rangeKeys = keys.filter((key): key is keyof typeof RANGE_OPERATORS => key in RANGE_OPERATORS);
  if (rangeKeys.length === 0 || keys.some((key) => key !== 'date' && !(key in RANGE_OPERATORS))) {
    throw new Error(`Invalid condition on "${path}": ${JSON.stringify(condition)}.`);
  }
  const range = condition as { readonly date?: boolean } & Partial<Record<keyof typeof RANGE_OPERATORS, number | string>>;
  const bounds = rangeKeys.filter((key) => range[key] !== undefined);
  if (bounds.length === 0) return {};
  if (range.date) {
    // Instants may carry offsets ('10:00+01:00' is before '09:30Z'): compare parsed dates, never text; unparsable values match nothing.
    const instant = { $dateFromString: { dateString: `$${field}`, onError: null, onNull: null } };
    return { $expr: { $and: [{ $ne: [instant, null] }, ...bounds.map((key) => ({ [RANGE_OPERATORS[key]]: [instant, new Date(range[key]!)] }))] } };
  }
  return { [field]: Object.fromEntries(bounds.map((key) => [RANGE_OPERATORS[key], range[key]])) };
}

/** Sort document; `_id` last so that skip/limit paging is deterministic. Binary string order, missing values first (as in SQL). */
export function toMongoSort(sort: readonly SortSpec[] | undefined): Record<string, 1 | -1> {
  const result: Record<string, 1 | -1> = {};
  for (const spec of sort ?? []) result[dataPath(spec.path)] = spec.direction === 'desc' ? -1 : 1;
  result['_id'] = 1;
  return result;
}

/** A patch as `$set` of dotted paths (and `$unset` for undefined values), plus the new revision. */
export function toMongoPatch(set: Readonly<Record<string, unknown>>, revision: number): { $set: Record<string, unknown>; $unset?: Record<string, ''> } {
  const $set: Record<string, unknown> = { revision };
  const $unset: Record<string, ''> = {};
  for (const [path, value] of Object.entries(set)) {
    if (value === undefined) $unset[dataPath(path)] = '';
    else $set[dataPath(path)] = value;
  }
  return Object.keys($unset).length > 0 ? { $set, $unset } : { $set };
}

/** Index keys for declared paths. */
export function toMongoIndexKeys(paths: readonly string[]): Record<string, 1> {
  return Object.fromEntries(paths.map((path) => [dataPath(path), 1 as const]));
}
