/** The production site the UAT warning links to. */
export const PRODUCTION_URL = 'https://onsite.example';

/** The test (UAT) host: its name contains 'uat' or 'test.'. */
export function isTestHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host.includes('uat') || host.includes('test.');
}
