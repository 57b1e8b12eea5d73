import type { CustomerRef } from '@onsite/domain';
import { getCompany, isRefIdTaken } from '@onsite/projections';
import type { Runtime } from '../runtime.js';
import { newRefId } from './ref-id.js';

/** A human reference that no order has yet. */
export async function uniqueRefId(runtime: Runtime): Promise<string> {
  for (;;) {
    const refId = newRefId(runtime.clock());
    if (!(await isRefIdTaken(runtime.documentStore, refId))) return refId;
  }
}

/** The customer a new order belongs to, from the company read model; null unless it is a customer (OEM or EC) company. */
export async function customerRefOf(runtime: Runtime, companyId: string): Promise<CustomerRef | null> {
  const company = await getCompany(runtime.documentStore, companyId);
  return company && company.type !== 'BL' ? { companyId: company._id, name: company.name, country: company.country } : null;
}
