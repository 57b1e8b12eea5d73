import type { Filter, DocumentSession, SortSpec } from '@onsite/infrastructure';
import type { Role, UserStatus, UserType } from '@onsite/domain';
import { COMPANIES, USERS, type CompanyView, type UserView } from './directory.projection.js';
import type { Page, ReadScope } from '../shared/lists.js';
import { currentLegalVersions } from '../legal/legal-documents.projection.js';

/** The user with their company's current name, uid and completed flag (a company edit does not rewrite its users). */
async function withCompany(store: DocumentSession, user: UserView | null | undefined): Promise<UserView | null> {
  return (await userAndCompany(store, user))?.user ?? null;
}

/**
 * The agreement flags as they stand now (D206): an agreement counts as accepted only for the current version of its
 * document, so publishing a new version asks every user again; before a document's first version there is nothing
 * to accept. The versions themselves stay on the server.
 */
async function withCurrentAgreements(store: DocumentSession, view: UserView): Promise<UserView> {
  const { agreementVersions = {}, ...user } = view;
  const current = await currentLegalVersions(store);
  return {
    ...user,
    acceptUserLicence: current.EULA === 0 || (user.acceptUserLicence && (agreementVersions.EULA ?? 0) >= current.EULA),
    privacyPolicyAccepted: current.PRIVACY_POLICY === 0 || (user.privacyPolicyAccepted && (agreementVersions.PRIVACY_POLICY ?? 0) >= current.PRIVACY_POLICY),
  };
}

async function userAndCompany(store: DocumentSession, found: UserView | null | undefined): Promise<UserWithCompany | null> {
  if (!found) return null;
  const [company, user] = await Promise.all([getCompany(store, found.company._id), withCurrentAgreements(store, found)]);
  return company
    ? { user: { ...user, company: { _id: company._id, uid: company.uid, name: company.name, completed: company.completed } }, company }
    : { user, company: null };
}

/** A user (as `getUser` answers) and the company read for it, for callers that need more of the company than its name. */
export interface UserWithCompany {
  readonly user: UserView;
  readonly company: CompanyView | null;
}

export async function findUserByEmail(store: DocumentSession, email: string): Promise<UserView | null> {
  const [user] = await store.collection<UserView>(USERS).find({ filter: { email: email.trim().toLowerCase() }, limit: 1 });
  return withCompany(store, user);
}

export async function getUser(store: DocumentSession, userId: string): Promise<UserView | null> {
  return withCompany(store, (await store.collection<UserView>(USERS).get(userId))?.data);
}

/** `getUser` and the company it read: one read of the company where a request needs both (the auth guard, D86). */
export async function getUserWithCompany(store: DocumentSession, userId: string): Promise<UserWithCompany | null> {
  return userAndCompany(store, (await store.collection<UserView>(USERS).get(userId))?.data);
}

export async function getCompany(store: DocumentSession, companyId: string): Promise<CompanyView | null> {
  return (await store.collection<CompanyView>(COMPANIES).get(companyId))?.data ?? null;
}

export async function getCompanyByUid(store: DocumentSession, uid: string): Promise<CompanyView | null> {
  const [company] = await store.collection<CompanyView>(COMPANIES).find({ filter: { uid }, limit: 1 });
  return company ?? null;
}

/** Display names of users by id, for events tables and authors. Unknown ids are left out. */
export async function userNames(store: DocumentSession, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  // By id: the embedded store answers from its document cache, PostgreSQL by primary key (a filter on _id read
  // every user). A page or an order names a handful of users.
  const collection = store.collection<UserView>(USERS);
  const users = await Promise.all(unique.map((userId) => collection.get(userId)));
  return new Map(users.flatMap((user) => (user ? [[user.data._id, `${user.data.firstName} ${user.data.lastName}`] as const] : [])));
}

/** A page of users or companies (the api's name for the read side's page). */
export type ListPage<T> = Page<T>;

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly sort?: SortSpec;
}

async function findPage<T>(store: DocumentSession, collection: string, filter: Filter, request: PageRequest): Promise<ListPage<T>> {
  const c = store.collection<T>(collection);
  const [items, total] = await Promise.all([
    c.find({ filter, ...(request.sort ? { sort: [request.sort] } : {}), skip: (request.page - 1) * request.pageSize, limit: request.pageSize }),
    c.count(filter),
  ]);
  return { items, total, page: request.page, pageSize: request.pageSize };
}

export interface UserFilter {
  readonly companyId?: string;
  readonly role?: Role;
  readonly status?: UserStatus;
  readonly search?: string;
  /** Staff: users of these countries (within their own country filter). */
  readonly countries?: readonly string[];
  readonly tag?: string;
  readonly types?: readonly UserType[];
}

export function listUsers(store: DocumentSession, scope: ReadScope, filter: UserFilter, request: PageRequest): Promise<ListPage<UserView>> {
  const clauses: Filter[] = [
    scope.kind === 'company' ? { 'company._id': scope.companyId } : scope.countries.length ? { country: { in: scope.countries } } : {},
    filter.companyId ? { 'company._id': filter.companyId } : {},
    filter.role ? { role: filter.role } : {},
    filter.status ? { status: filter.status } : {},
    filter.countries?.length ? { country: { in: [...filter.countries] } } : {},
    filter.tag ? { tags: { has: filter.tag } } : {},
    filter.types?.length ? { type: { in: [...filter.types] } } : {},
    filter.search
      ? {
          $or: [
            { email: { contains: filter.search } },
            { lastName: { contains: filter.search } },
            { firstName: { contains: filter.search } },
            { 'company.name': { contains: filter.search } },
          ],
        }
      : {},
  ];
  return findPage(store, USERS, { $and: clauses }, { sort: { path: 'lastName', direction: 'asc' }, ...request });
}

export interface CompanyFilter {
  readonly type?: CompanyView['type'];
  readonly tag?: string;
  readonly search?: string;
}

/** Staff's companies list; staff with a country filter see the companies of those countries. */
export function listCompanies(
  store: DocumentSession,
  countries: readonly string[],
  filter: CompanyFilter,
  request: PageRequest,
): Promise<ListPage<CompanyView>> {
  const clauses: Filter[] = [
    countries.length ? { country: { in: countries } } : {},
    filter.type ? { type: filter.type } : {},
    filter.tag ? { tags: { has: filter.tag } } : {},
    filter.search ? { $or: [{ name: { contains: filter.search } }, { sapNumber: { contains: filter.search } }, { uid: { contains: filter.search } }] } : {},
  ];
  return findPage(store, COMPANIES, { $and: clauses }, { sort: { path: 'createdAt', direction: 'desc' }, ...request });
}

/** Tags in use on companies that contain `search` (case-insensitive), for the tag picker. */
export async function findCompanyTags(store: DocumentSession, search: string): Promise<string[]> {
  const needle = search.trim().toLowerCase();
  const companies = await store.collection<CompanyView>(COMPANIES).find({ filter: { tags: { exists: true } } });
  return [...new Set(companies.flatMap((c) => c.tags).filter((t) => t.toLowerCase().includes(needle)))].sort();
}

/** Users of a company who are not deleted. */
export function companyUsers(store: DocumentSession, companyId: string): Promise<UserView[]> {
  return store.collection<UserView>(USERS).find({ filter: { 'company._id': companyId, status: { ne: 'DELETED' } } });
}
