import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

const WEB_SRC = join(__dirname, '../../../../web/src');
/** Literals of the console that start with a slash but are no api path: the api's base, the offer tab's path suffix. */
const NOT_API = new Set(['/api', '/offer']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.unit\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every path the console's code names for the api: quoted literals such as '/order/accept' and the start of template
 * literals such as `/kpi?${query}` (comments left out), each as the api sees it (under /api).
 */
function consolePaths(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(WEB_SRC)) {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(/'(\/[A-Za-z][\w/.-]*)'|`(\/[A-Za-z][\w/.-]*)[`?$]/g)) {
      const literal = match[1] ?? match[2]!;
      if (NOT_API.has(literal) || /^\/(en|de|pt)\//.test(literal)) continue;
      found.set(literal.startsWith('/api/') ? literal : `/api${literal}`, file.slice(WEB_SRC.length + 1));
    }
  }
  return found;
}

describe('the console calls only paths the api has', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('every api path named in the console is a path of the OpenAPI document', async () => {
    const docs = (await t.get<{ paths: Record<string, unknown> }>('/api/docs-json')).body;
    // `{param}` segments match any segment; a template's start ending in '/' is followed by such a segment.
    const patterns = Object.keys(docs.paths).map((path) => new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`));
    const exists = (path: string) => patterns.some((pattern) => pattern.test(path.endsWith('/') ? `${path}x` : path));
    const paths = consolePaths();
    expect(paths.size).toBeGreaterThan(80);
    const missing = [...paths].filter(([path]) => !exists(path)).map(([path, file]) => `${path} (${file})`);
    expect(missing).toEqual([]);
  });
});
