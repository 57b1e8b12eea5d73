import { validationError } from '@onsite/domain';
import { getUser } from '@onsite/projections';
import type { Runtime } from '../runtime.js';

/*
 * Who may be named on an order, from the directory read model: the decider knows orders, not users.
 */

function refuse(path: string, code: string, message: string): never {
  throw validationError('One or more fields contain errors.', [{ path, code, message }]);
}

/** A supervisor of an order is a user of the order's customer company with the SUPERVISOR role who has not been deleted. */
export async function requireSupervisorCandidate(runtime: Runtime, companyId: string, userId: string): Promise<void> {
  const user = await getUser(runtime.documentStore, userId);
  if (!user || user.company._id !== companyId || user.role !== 'SUPERVISOR' || user.status === 'DELETED') {
    refuse('userId', 'not_a_supervisor', "Choose a supervisor of the order's company.");
  }
}

/** A supervisor can be taken off while they are a user of the order's company, even one deleted meanwhile. */
export async function requireCompanyUser(runtime: Runtime, companyId: string, userId: string): Promise<void> {
  const user = await getUser(runtime.documentStore, userId);
  if (!user || user.company._id !== companyId) refuse('userId', 'not_a_company_user', "Choose a user of the order's company.");
}

/** The provider-side owner of an order is a staff user who has not been deleted. */
export async function requireStaffUser(runtime: Runtime, userId: string, path: string): Promise<void> {
  const user = await getUser(runtime.documentStore, userId);
  if (!user || user.type !== 'BL' || user.status === 'DELETED') refuse(path, 'not_staff', 'Choose a member of staff.');
}
