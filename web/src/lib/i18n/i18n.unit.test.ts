import { COUNTRIES, LANGUAGES, ORDER_STATUSES, TIME_FRAME_TYPES, type OrderEventType } from '@onsite/domain';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..');
const LOCALES = join(SRC, 'locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const files = readdirSync(join(LOCALES, 'en')).filter((f) => f.endsWith('.json'));
const load = (lang: string, file: string) => JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree;
const keysOf = (lang: string) => {
  const all = new Map<string, string>();
  for (const file of files) for (const [k, v] of flatten(load(lang, file))) all.set(k, v);
  return all;
};
const en = keysOf('en');

/** Plural forms (`_one`, `_other`, …) count as their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
// A key, a plural's base, or a group of keys a component reads by prefix (e.g. a briefing panel's texts).
const has = (key: string) => en.has(key) || [...en.keys()].some((k) => base(k) === key || k.startsWith(`${key}.`));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  it('every language has the same files', () => {
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(LOCALES, lang)).sort()).toEqual([...files].sort());
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lang) => {
    const other = keysOf(lang);
    const missing = [...en.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s uses the same {{placeholders}} as en', (lang) => {
    const other = keysOf(lang);
    const placeholders = (text = '') => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const different = [...en.entries()].filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k)).join()).map(([k]) => k);
    expect(different).toEqual([]);
  });

  it('no text is empty', () => {
    for (const lang of LANGUAGES) {
      expect([...keysOf(lang).entries()].filter(([, v]) => v.trim() === '').map(([k]) => `${lang}:${k}`)).toEqual([]);
    }
  });

  it('every key used in the sources exists in en', () => {
    const namespaces = [...new Set([...en.keys()].map((k) => k.split('.')[0]))].join('|');
    // t('a.b'), i18nKey('a.b'), and any literal of a known namespace (ternaries inside t(), label tables).
    const patterns = [/\b(?:t|i18nKey)\(\s*'([^'$`]+)'/g, /\b(?:t|i18nKey)\(\s*"([^"$`]+)"/g, new RegExp(`['"]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"]`, 'g')];
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const key = match[1] ?? '';
          if (!has(key)) missing.push(`${relative(SRC, file)}: ${key}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('finds keys in a source text (the scanner itself works)', () => {
    expect(has('status.REQUESTED_QUOTE')).toBe(true);
    expect(has('orders.list.doesNotExist')).toBe(false);
  });

  it('has a label for every order status, time frame type, country and language', () => {
    const keys = [
      ...ORDER_STATUSES.map((s) => `status.${s}`),
      'status.EMPTY',
      ...TIME_FRAME_TYPES.map((type) => `timeframeType.${type}`),
      ...COUNTRIES.map((c) => `countries.${c.code}`),
      ...LANGUAGES.map((l) => `languages.${l}`),
      ...['first', 'previous', 'next', 'last'].map((c) => `table.pagination.${c}`),
    ];
    expect(keys.filter((k) => !en.has(k))).toEqual([]);
  });

  it('has a name for every order event the domain records', () => {
    // A Record over the domain's event type union: adding an event there breaks the type check here.
    const domainEvents: Record<OrderEventType, true> = {
      CREATE: true,
      UPDATE: true,
      GET_QUOTE: true,
      DIRECT_ORDER: true,
      CREATE_IN_PREPARATION: true,
      UPDATE_IN_PREPARATION: true,
      CONVERT: true,
      CONVERT_INCOMPLETE: true,
      OFFER: true,
      OFFER_REMOVED: true,
      OFFER_EXTENSION_REQUESTED: true,
      OFFER_EXTENDED: true,
      EXPIRE: true,
      ACCEPT_OFFER: true,
      REJECT: true,
      DECLINE: true,
      CHANGE_REQUEST: true,
      COMPLETE: true,
      PO_UPDATED: true,
      CANCEL: true,
      CLOSE: true,
      REOPEN: true,
      DELETE: true,
      COMMENT: true,
      CHANGE_OWNER: true,
      SUPERVISOR_ADDED: true,
      SUPERVISOR_REMOVED: true,
      FINANCIAL_INFO_UPDATED: true,
      LOCAL_CONTACT_UPDATED: true,
      FILE_REMOVED: true,
      FEEDBACK_SAVED: true,
      CREATE_JOB_SPECIFICATION: true,
      JOB_PLANNING: true,
      JOB_PLANNED: true,
      JOB_IN_PROGRESS: true,
      JOB_COMPLETED: true,
      JOB_CANCELLED: true,
      JOB_CLOSED: true,
      BILLED: true,
    };
    expect(Object.keys(domainEvents).filter((e) => !en.has(`orderEvent.${e}`))).toEqual([]);
  });
});
