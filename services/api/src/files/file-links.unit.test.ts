import type { Runtime } from '../runtime.js';
import { FileLinks, LINK_LIFETIME_MS } from './file-links.js';

const FILE = { path: '0b6f0d6e-5d3c-4c55-9d1c-5d0e0c7f8a21.pdf', name: 'Offer 7.pdf', mimeType: 'application/pdf' as const };

function linksAt(clock: { now: number }, fileLinkSecret?: string): FileLinks {
  return new FileLinks({ clock: () => new Date(clock.now), config: { fileLinkSecret } } as unknown as Runtime);
}

function parts(link: string): { path: string; name: string; token: string } {
  const url = new URL(link, 'http://onsite.test');
  return { path: url.pathname.replace('/api/file/download/', ''), name: url.searchParams.get('name')!, token: url.searchParams.get('token')! };
}

describe('signed download addresses', () => {
  it('verify for the file they were made for, until they expire', () => {
    const clock = { now: Date.parse('2026-06-01T08:00:00Z') };
    const links = linksAt(clock);
    const { path, name, token } = parts(links.linkTo(FILE));
    expect([path, name]).toEqual([FILE.path, FILE.name]);
    expect(links.verifies(path, name, token)).toBe(true);
    clock.now += LINK_LIFETIME_MS;
    expect(links.verifies(path, name, token)).toBe(true);
    clock.now += 1;
    expect(links.verifies(path, name, token)).toBe(false);
  });

  it('do not verify for another path, another name, a changed expiry or another server', () => {
    const clock = { now: Date.parse('2026-06-01T08:00:00Z') };
    const links = linksAt(clock);
    const { path, name, token } = parts(links.linkTo(FILE));
    const [expiry, signature] = token.split('.');
    expect(links.verifies(path.replace('.pdf', '.png'), name, token)).toBe(false);
    expect(links.verifies(path, 'Other.pdf', token)).toBe(false);
    expect(links.verifies(path, name, `${Number(expiry) + 60_000}.${signature}`)).toBe(false);
    expect(links.verifies(path, name, 'garbage')).toBe(false);
    expect(linksAt(clock).verifies(path, name, token)).toBe(false);
  });

  it('verify on every api instance that shares FILE_LINK_SECRET, and only there', () => {
    const clock = { now: Date.parse('2026-06-01T08:00:00Z') };
    const secret = 'a-shared-secret-of-at-least-32-characters';
    const { path, name, token } = parts(linksAt(clock, secret).linkTo(FILE));
    expect(linksAt(clock, secret).verifies(path, name, token)).toBe(true);
    expect(linksAt(clock, `${secret}-other`).verifies(path, name, token)).toBe(false);
    expect(linksAt(clock).verifies(path, name, token)).toBe(false);
  });
});
