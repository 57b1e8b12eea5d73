import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenStore } from '../lib/session/token-store';

const script = readFileSync(join(process.cwd(), 'web/public/server-page.js'), 'utf8');

/**
 * public/server-page.js as the browser runs it on a page the server drew: the early requests' `<meta>` in `<head>`,
 * the page's body when given, then the script.
 */
export function runServerPageScript(early: readonly unknown[], body?: string): void {
  const meta = document.createElement('meta');
  meta.name = 'onsite-early-requests';
  meta.content = JSON.stringify(early);
  document.head.append(meta);
  if (body !== undefined) document.body.innerHTML = body;
  new Function(script)();
}

/** Each test starts signed in (token 'abc') with an empty `<head>`, and ends with the script's answers and mocks gone. */
export function signedInForServerPageScript(): void {
  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
    tokenStore.set('abc');
  });
  afterEach(() => {
    delete window.onsiteEarlyRequests;
    jest.restoreAllMocks();
  });
}
