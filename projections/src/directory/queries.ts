import type { DocumentSession } from '@onsite/infrastructure';
import { COMPANIES, USERS, type CompanyView, type UserView } from './directory.projection.js';

export async function findUserByEmail(store: DocumentSession, email: string): Promise<UserView | null> {
  const [user] = await store.collection<UserView>(USERS).find({ filter: { email: email.trim().toLowerCase() }, limit: 1 });
  return user ?? null;
}

export async function getUser(store: DocumentSession, userId: string): Promise<UserView | null> {
  return (await store.collection<UserView>(USERS).get(userId))?.data ?? null;
}

export async function getCompany(store: DocumentSession, companyId: string): Promise<CompanyView | null> {
  return (await store.collection<CompanyView>(COMPANIES).get(companyId))?.data ?? null;
}

/** Display names of users by id, for events tables and authors. Unknown ids are left out. */
export async function userNames(store: DocumentSession, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const users = await store.collection<UserView>(USERS).find({ filter: { _id: { in: unique } } });
  return new Map(users.map((u) => [u._id, `${u.firstName} ${u.lastName}`]));
}
