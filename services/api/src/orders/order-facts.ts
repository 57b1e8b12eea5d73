import { randomInt } from 'node:crypto';
import { validationError, type CustomerRef } from '@onsite/domain';
import { TurnBatch } from '@onsite/infrastructure';
import { getCompany, getUser, takenRefIds, type CompanyView } from '@onsite/projections';
import type { Runtime } from '../runtime.js';

/*
 * Facts a command needs that the order's own events do not hold: the decider knows orders, not companies or users.
 * They come from the read models; each use case in order-use-cases.ts names the ones it needs.
 */

// Crockford's base32 without I, L, O and U: unambiguous when read out on the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A human order reference such as `ON-26-7K4M2Q` (the year and 30 random bits) that no order has yet. */
export async function uniqueRefId(runtime: Runtime): Promise<string> {
  for (;;) {
    let code = '';
    for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    const refId = `ON-${String(runtime.clock().getUTCFullYear()).slice(2)}-${code}`;
    if (!(await refIdChecksOf(runtime).ask(refId))) return refId;
  }
}

/**
 * The uniqueness checks of the references that concurrent creates drew, one query for all of them (D96): the
 * checks asked for in one turn of the event loop are sent together after it, as the appends of those commands are
 * committed together (D73). At one request at a time it is one query per create, as before; at 50 clients one per
 * group instead of one per create (on PGlite a statement's parse and plan are most of its cost).
 */
const refIdChecks = new WeakMap<Runtime, TurnBatch<string, boolean>>();
function refIdChecksOf(runtime: Runtime): TurnBatch<string, boolean> {
  let checks = refIdChecks.get(runtime);
  if (!checks) {
    checks = new TurnBatch(async (refIds) => {
      const taken = await takenRefIds(runtime.documentStore, [...new Set(refIds)]);
      // Two creates that drew the same reference in one batch: only the first keeps it.
      const drawn = new Set<string>();
      return refIds.map((refId) => {
        const free = !taken.has(refId) && !drawn.has(refId);
        drawn.add(refId);
        return !free;
      });
    });
    refIdChecks.set(runtime, checks);
  }
  return checks;
}

/**
 * The customer a new order belongs to, from the company read model; null unless it is a customer (OEM or EC) company.
 * The company the auth guard read in this request is taken as it was read there, not read again (D86).
 */
export async function customerRefOf(
  { runtime, companies }: { readonly runtime: Runtime; readonly companies?: ReadonlyMap<string, CompanyView> },
  companyId: string,
): Promise<CustomerRef | null> {
  const company = companies?.get(companyId) ?? (await getCompany(runtime.documentStore, companyId));
  return company && company.type !== 'BL' ? { companyId: company._id, name: company.name, country: company.country } : null;
}

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
