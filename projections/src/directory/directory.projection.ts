import {
  statusAfter,
  type Agreement,
  type BillingAddress,
  type CompanyAddress,
  type CompanyEvent,
  type Language,
  type NotificationSettings,
  type RecordedEvent,
  type Role,
  type UserEvent,
  type UserStatus,
  type UserType,
} from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const USERS = 'users';
export const COMPANIES = 'companies';

/** A company as the console shows it. */
export interface CompanyView {
  readonly _id: string;
  readonly uid: string;
  readonly name: string;
  readonly type: UserType;
  readonly country: string;
  readonly sapNumber: string | null;
  readonly registrationNumber: string | null;
  readonly completed: boolean;
  readonly selfRegistered: boolean;
  readonly contactPersonFirstName: string | null;
  readonly contactPersonLastName: string | null;
  readonly contactPersonEmail: string | null;
  readonly contactPersonDepartment: string | null;
  readonly address: CompanyAddress | null;
  readonly companyPhone: string | null;
  readonly accountingPhone: string | null;
  readonly invoiceEmail: string | null;
  readonly taxNumber: string | null;
  readonly tags: readonly string[];
  readonly billingAddresses: readonly BillingAddress[];
  readonly responsibleUserId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A user as the console and the session guard see them. */
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
  readonly tags: readonly string[];
  readonly countriesToOrder: readonly string[];
  readonly countriesFilter: readonly string[];
  readonly hasKibanaAccess: boolean;
  readonly dashboardTags: readonly string[];
  readonly notificationSettings: NotificationSettings;
  readonly supervisorOnly: boolean;
  readonly acceptUserLicence: boolean;
  readonly privacyPolicyAccepted: boolean;
  /**
   * The version of each accepted agreement's document (D206; absent or 0: accepted before versioned documents). The
   * queries compare it with the current version and answer the two flags above as they stand now.
   */
  readonly agreementVersions?: Partial<Record<Agreement, number>>;
  readonly emailVerified: boolean;
  readonly hasPassword: boolean;
  readonly registeredAt: string;
  readonly updatedAt: string;
}

const collections: CollectionDefinition[] = [
  {
    name: USERS,
    indexes: [
      { name: 'users_email', paths: ['email'], unique: true },
      { name: 'users_company', paths: ['company._id'] },
    ],
  },
  {
    name: COMPANIES,
    indexes: [
      { name: 'companies_uid', paths: ['uid'], unique: true },
      { name: 'companies_name', paths: ['name'] },
    ],
  },
];

type DirectoryEvent = CompanyEvent | UserEvent;
const handles: readonly DirectoryEvent['type'][] = [
  'COMPANY_REGISTERED',
  'COMPANY_UPDATED',
  'BILLING_ADDRESS_ADDED',
  'BILLING_ADDRESS_UPDATED',
  'BILLING_ADDRESS_DELETED',
  'COMPANY_TAGS_SET',
  'RESPONSIBLE_PERSON_CHANGED',
  'USER_CREATED',
  'PASSWORD_SET',
  'USER_UPDATED',
  'EMAIL_VERIFIED',
  'USER_INVITED',
  'USER_ACTIVATED',
  'USER_DELETED',
  'USER_TAGS_SET',
  'AGREEMENT_ACCEPTED',
  'CONSENTS_RESET',
  'FORCE_LOGIN_GRANTED',
];

const AGREEMENT_FIELD: Readonly<Record<Agreement, 'acceptUserLicence' | 'privacyPolicyAccepted'>> = {
  EULA: 'acceptUserLicence',
  PRIVACY_POLICY: 'privacyPolicyAccepted',
};

async function applyCompanyEvent(event: CompanyEvent, session: DocumentSession, revision: number, at: string): Promise<void> {
  const companies = session.collection<CompanyView>(COMPANIES);
  if (event.type === 'COMPANY_REGISTERED') {
    const d = event.data;
    const view: CompanyView = {
      _id: d.companyId,
      uid: d.uid,
      name: d.name,
      type: d.type,
      country: d.country,
      sapNumber: d.sapNumber ?? null,
      registrationNumber: d.registrationNumber ?? null,
      completed: d.completed,
      selfRegistered: d.selfRegistered ?? false,
      contactPersonFirstName: d.contactPersonFirstName ?? null,
      contactPersonLastName: d.contactPersonLastName ?? null,
      contactPersonEmail: d.contactPersonEmail ?? null,
      contactPersonDepartment: d.contactPersonDepartment ?? null,
      address: d.address ?? null,
      companyPhone: d.companyPhone ?? null,
      accountingPhone: d.accountingPhone ?? null,
      invoiceEmail: d.invoiceEmail ?? null,
      taxNumber: d.taxNumber ?? null,
      tags: [],
      billingAddresses: [],
      responsibleUserId: d.responsibleUserId ?? null,
      createdAt: at,
      updatedAt: at,
    };
    await companies.upsert(d.companyId, view, revision);
    return;
  }
  const id = event.data.companyId;
  const current = (await companies.get(id))?.data;
  if (!current) return;
  const addresses = current.billingAddresses;
  const set = ((): Partial<CompanyView> => {
    switch (event.type) {
      case 'COMPANY_UPDATED':
        return event.data.changes;
      case 'BILLING_ADDRESS_ADDED':
        return { billingAddresses: [...addresses.filter((a) => a._id !== event.data.billingAddress._id), event.data.billingAddress] };
      case 'BILLING_ADDRESS_UPDATED':
        return { billingAddresses: addresses.map((a) => (a._id === event.data.billingAddress._id ? event.data.billingAddress : a)) };
      case 'BILLING_ADDRESS_DELETED':
        return { billingAddresses: addresses.filter((a) => a._id !== event.data.billingAddressId) };
      case 'COMPANY_TAGS_SET':
        return { tags: event.data.tags };
      case 'RESPONSIBLE_PERSON_CHANGED':
        return { responsibleUserId: event.data.userId };
    }
  })();
  await companies.patch(id, { ...set, updatedAt: at }, revision);
}

async function applyUserEvent(event: UserEvent, session: DocumentSession, revision: number, at: string): Promise<void> {
  const users = session.collection<UserView>(USERS);
  if (event.type === 'USER_CREATED') {
    const d = event.data;
    const company = (await session.collection<CompanyView>(COMPANIES).get(d.companyId))?.data;
    const view: UserView = {
      _id: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      title: d.title ?? null,
      phone: d.phone ?? null,
      type: d.type,
      role: d.role,
      country: d.country,
      language: d.language,
      status: d.status,
      company: { _id: d.companyId, uid: company?.uid ?? '', name: company?.name ?? '', completed: company?.completed ?? false },
      tags: [],
      countriesToOrder: d.countriesToOrder ?? [],
      countriesFilter: d.countriesFilter ?? [],
      hasKibanaAccess: d.hasKibanaAccess ?? false,
      dashboardTags: d.dashboardTags ?? [],
      notificationSettings: d.notificationSettings ?? { emails: [d.email], sms: false, whatsapp: false },
      supervisorOnly: d.supervisorOnly ?? false,
      acceptUserLicence: false,
      privacyPolicyAccepted: false,
      emailVerified: !d.selfRegistered,
      hasPassword: false,
      registeredAt: at,
      updatedAt: at,
    };
    await users.upsert(d.userId, view, revision);
    return;
  }
  const current = (await users.get(event.data.userId))?.data;
  if (!current) return;
  const status = statusAfter(current.status, event);
  const set = ((): Partial<UserView> => {
    switch (event.type) {
      case 'PASSWORD_SET':
        return { hasPassword: true };
      case 'USER_UPDATED':
        return event.data.changes;
      case 'EMAIL_VERIFIED':
      case 'USER_ACTIVATED':
        return { emailVerified: true };
      case 'USER_TAGS_SET':
        return { tags: event.data.tags };
      case 'AGREEMENT_ACCEPTED':
        return {
          [AGREEMENT_FIELD[event.data.agreement]]: true,
          agreementVersions: { ...current.agreementVersions, [event.data.agreement]: event.data.version ?? 0 },
        };
      case 'CONSENTS_RESET':
        return { acceptUserLicence: false, privacyPolicyAccepted: false, agreementVersions: {} };
      case 'USER_INVITED':
      case 'USER_DELETED':
      case 'FORCE_LOGIN_GRANTED':
        return {};
    }
  })();
  await users.patch(event.data.userId, { ...set, status, updatedAt: at }, revision);
}

/** Users and companies in one projection, so a user's company is always projected before the user. */
export const directoryProjection: Projection = {
  name: 'directory',
  version: 2,
  collections,
  handles,
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as DirectoryEvent;
    const at = recorded.metadata.occurredAt;
    if (recorded.streamId.startsWith('company-')) await applyCompanyEvent(event as CompanyEvent, session, recorded.streamVersion, at);
    else await applyUserEvent(event as UserEvent, session, recorded.streamVersion, at);
  },
};
