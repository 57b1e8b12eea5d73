import { isTestHost } from './host';

describe('the test host check', () => {
  it.each(['uat.onsite.example', 'onsite-uat.example.com', 'test.onsite.example', 'portal.test.example'])('%s is a test host', (host) => {
    expect(isTestHost(host)).toBe(true);
  });
  it.each(['onsite.example', 'localhost', '127.0.0.1', 'contest-portal.example'])('%s is not', (host) => {
    expect(isTestHost(host)).toBe(false);
  });
});
