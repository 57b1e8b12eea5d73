import type { CompanyEvent, RecordedEvent, Role, UserEvent, UserStatus, UserType, Language } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const USERS = 'users';
export const COMPANIES = 'companies';

export interface CompanyView {
  readonly _id: string;
  readonly uid: string;
  readonly name: string;
  readonly type: UserType;
  readonly country: string;
  readonly sapNumber: string | null;
  readonly completed: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A user as the console and the session guard see them (spec section 3, user profile). */
export interface UserView {
  readonly _id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly title: string | null;
  readonly phone: string | null;
  readonly type: UserType;
  readonly role: Role;
  readonly country: string;
  readonly language: Language;
  readonly status: UserStatus;
  readonly company: { readonly _id: string; readonly uid: string; readonly name: string; readonly completed: boolean };
  readonly hasPassword: boolean;
  readonly registeredAt: string;
  readonly updatedAt: string;
}

const collections: CollectionDefinition[] = [
  { name: USERS, indexes: [{ name: 'users_email', paths: ['email'], unique: true }, { name: 'users_company', paths: ['company._id'] }] },
  { name: COMPANIES, indexes: [{ name: 'companies_uid', paths: ['uid'], unique: true }, { name: 'companies_name', paths: ['name'] }] },
];

type DirectoryEvent = CompanyEvent | UserEvent;
const handles: readonly DirectoryEvent['type'][] = ['COMPANY_REGISTERED', 'USER_CREATED', 'PASSWORD_SET'];

/** Users and companies in one projection, so a user's company is always projected before the user. */
export const directoryProjection: Projection = {
  name: 'directory',
  collections,
  handles,
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as DirectoryEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'COMPANY_REGISTERED': {
        const d = event.data;
        const view: CompanyView = {
          _id: d.companyId, uid: d.uid, name: d.name, type: d.type, country: d.country,
          sapNumber: d.sapNumber ?? null, completed: d.completed, createdAt: at, updatedAt: at,
        };
        await session.collection<CompanyView>(COMPANIES).upsert(d.companyId, view, recorded.streamVersion);
        return;
      }
      case 'USER_CREATED': {
        const d = event.data;
        const company = await session.collection<CompanyView>(COMPANIES).get(d.companyId);
        const view: UserView = {
          _id: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, title: d.title ?? null,
          phone: d.phone ?? null, type: d.type, role: d.role, country: d.country, language: d.language, status: d.status,
          company: { _id: d.companyId, uid: company?.data.uid ?? '', name: company?.data.name ?? '', completed: company?.data.completed ?? false },
          hasPassword: false, registeredAt: at, updatedAt: at,
        };
        await session.collection<UserView>(USERS).upsert(d.userId, view, recorded.streamVersion);
        return;
      }
      case 'PASSWORD_SET':
        await session.collection<UserView>(USERS).patch(event.data.userId, { hasPassword: true, updatedAt: at }, recorded.streamVersion);
        return;
    }
  },
};
