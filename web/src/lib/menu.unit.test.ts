import type { Role, UserType } from '@onsite/domain';
import { primaryNavEntries, userMenuEntries } from './menu';

const user = (type: UserType, role: Role, extra: { hasKibanaAccess?: boolean } = {}) => ({ type, role, company: { uid: 'C-1' }, ...extra });
const keys = (type: UserType, role: Role, extra = {}) => userMenuEntries(user(type, role, extra), 'en').map((e) => e.key);

describe('the user menu', () => {
  it('gives staff their tools', () => {
    expect(keys('BL', 'PLANNER')).toEqual([
      'orderHistory',
      'companies',
      'userManagement',
      'myProfile',
      'kpi',
      'partnerOffers',
      'personalPage',
      'helpContent',
      'catalogue',
      'coupons',
      'legalDocuments',
      'logout',
    ]);
  });
  it('gives OEM admins user and company administration, portfolio, help and partner offers', () => {
    expect(keys('OEM', 'ADMIN')).toEqual([
      'userManagement',
      'companyInformation',
      'apiTokens',
      'webhooks',
      'myProfile',
      'servicePortfolio',
      'help',
      'partnerOffers',
      'logout',
    ]);
    expect(keys('OEM', 'PLANNER')).toEqual(['myProfile', 'servicePortfolio', 'help', 'partnerOffers', 'logout']);
  });
  it('offers API tokens to customer administrators and staff administrators', () => {
    expect(keys('BL', 'ADMIN')).toContain('apiTokens');
    expect(keys('BL', 'SALES')).not.toContain('apiTokens');
    expect(keys('EC', 'PLANNER')).not.toContain('apiTokens');
    expect(keys('OEM', 'SALES')).not.toContain('apiTokens');
  });
  it('offers webhooks to the same administrators', () => {
    expect(keys('BL', 'ADMIN')).toContain('webhooks');
    expect(keys('BL', 'SALES')).not.toContain('webhooks');
    expect(keys('EC', 'PLANNER')).not.toContain('webhooks');
  });
  it('gives OEM management the dashboard only', () => {
    expect(keys('OEM', 'MANAGEMENT')).toEqual(['myProfile', 'dashboard', 'logout']);
  });
  it('gives EC admins user and company administration, help and partner offers', () => {
    expect(keys('EC', 'ADMIN')).toEqual(['userManagement', 'companyInformation', 'apiTokens', 'webhooks', 'myProfile', 'help', 'partnerOffers', 'logout']);
    expect(keys('EC', 'SUPERVISOR')).toEqual(['myProfile', 'help', 'partnerOffers', 'logout']);
  });
  it('shows the dashboard to anyone with the Kibana flag', () => {
    expect(keys('EC', 'PLANNER', { hasKibanaAccess: true })).toContain('dashboard');
  });
  it('offers the dev outbox to staff administrators only, and only where the server has one', () => {
    const withOutbox = (type: UserType, role: Role) => userMenuEntries(user(type, role), 'en', { devOutbox: true }).map((e) => e.key);
    expect(withOutbox('BL', 'ADMIN')).toContain('devOutbox');
    expect(withOutbox('BL', 'PLANNER')).not.toContain('devOutbox');
    expect(withOutbox('EC', 'ADMIN')).not.toContain('devOutbox');
    expect(userMenuEntries(user('BL', 'ADMIN'), 'en', { devOutbox: false }).map((e) => e.key)).not.toContain('devOutbox');
  });
  it('links company information with the company uid', () => {
    expect(userMenuEntries(user('EC', 'ADMIN'), 'de').find((e) => e.key === 'companyInformation')?.to).toBe('/de/company-information/C-1');
  });
});

describe('the primary navigation', () => {
  it('depends on type and role', () => {
    const nav = (type: UserType, role: Role) => primaryNavEntries({ type, role }, 'en').map((e) => e.key);
    expect(nav('OEM', 'SALES')).toEqual(['servicePortfolio', 'myServiceOrders']);
    expect(nav('OEM', 'MANAGEMENT')).toEqual([]);
    expect(nav('EC', 'PLANNER')).toEqual(['myServiceOrders', 'getQuote']);
    expect(nav('BL', 'ADMIN')).toEqual([]);
  });
});
