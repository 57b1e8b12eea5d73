import { BL_STATUS_FILTER, CUSTOMER_STATUS_FILTER, CUSTOMER_VISIBLE_STATUSES, ORDER_STATUSES, statusesOfFilter } from './statuses.js';

describe('the status filter buttons', () => {
  it('reach every status a customer may see, and every status for staff', () => {
    expect(CUSTOMER_VISIBLE_STATUSES.filter((s) => !statusesOfFilter(CUSTOMER_STATUS_FILTER).includes(s))).toEqual([]);
    expect(ORDER_STATUSES.filter((s) => !statusesOfFilter(BL_STATUS_FILTER).includes(s))).toEqual([]);
  });

  it('ask for the statuses a button stands for', () => {
    expect(statusesOfFilter(['JOB_PLANNED', 'OFFERED'])).toEqual(['JOB_IN_PLANNING', 'JOB_PLANNED', 'OFFERED']);
  });
});
