import type { CompanyEvent, DomainEvent, RecordedEvent, UserEvent } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import { COMPANIES, directoryProjection, USERS, type CompanyView, type UserView } from './directory.projection.js';
import { legalDocumentsProjection } from '../legal/legal-documents.projection.js';
import { findCompanyTags, getUser, listCompanies, listUsers } from './queries.js';

const address = {
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.test',
  department: 'AP',
  addressLine1: 'L1',
  addressCity: 'C',
  addressPostCode: 'P',
  addressCountry: 'uk',
  taxNumber: 'T',
};
const companyEvents: CompanyEvent[] = [
  { type: 'COMPANY_REGISTERED', data: { companyId: 'c1', uid: 'EC-1', name: 'Acme', type: 'EC', country: 'uk', completed: false } },
  { type: 'COMPANY_UPDATED', data: { companyId: 'c1', changes: { name: 'Acme Ltd', completed: true, companyPhone: '+441234567890' } } },
  { type: 'BILLING_ADDRESS_ADDED', data: { companyId: 'c1', billingAddress: { ...address, _id: 'b1' } } },
  { type: 'BILLING_ADDRESS_ADDED', data: { companyId: 'c1', billingAddress: { ...address, _id: 'b2' } } },
  { type: 'BILLING_ADDRESS_UPDATED', data: { companyId: 'c1', billingAddress: { ...address, _id: 'b1', addressCity: 'New' } } },
  { type: 'BILLING_ADDRESS_DELETED', data: { companyId: 'c1', billingAddressId: 'b2' } },
  { type: 'COMPANY_TAGS_SET', data: { companyId: 'c1', tags: ['key-account', 'pilot'] } },
  { type: 'RESPONSIBLE_PERSON_CHANGED', data: { companyId: 'c1', userId: 'u1' } },
];
const userEvents: UserEvent[] = [
  {
    type: 'USER_CREATED',
    data: {
      userId: 'u1',
      companyId: 'c1',
      email: 'u@acme.test',
      firstName: 'U',
      lastName: 'One',
      type: 'EC',
      role: 'PLANNER',
      country: 'uk',
      language: 'en',
      status: 'CREATED',
      selfRegistered: true,
    },
  },
  { type: 'PASSWORD_SET', data: { userId: 'u1', via: 'registration' } },
  { type: 'EMAIL_VERIFIED', data: { userId: 'u1' } },
  { type: 'USER_UPDATED', data: { userId: 'u1', changes: { firstName: 'Uma', phone: '+441234567891' } } },
  { type: 'USER_TAGS_SET', data: { userId: 'u1', tags: ['night-shift'] } },
  { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'EULA' } },
  { type: 'CONSENTS_RESET', data: { userId: 'u1' } },
  { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'PRIVACY_POLICY' } },
  { type: 'FORCE_LOGIN_GRANTED', data: { userId: 'u1', staffUserId: 'bl1' } },
  { type: 'USER_DELETED', data: { userId: 'u1', archived: true, newResponsibleUserId: 'u2' } },
  { type: 'USER_ACTIVATED', data: { userId: 'u1' } },
  { type: 'USER_INVITED', data: { userId: 'u1', channels: ['email'] } },
];

const recorded = (streamId: string, events: readonly DomainEvent[]): RecordedEvent[] =>
  events.map((e, i) => ({
    eventId: `${streamId}-${i}`,
    streamId,
    streamVersion: i + 1,
    checkpoint: String(i),
    globalPosition: String(i),
    type: e.type,
    data: e.data,
    metadata: { actorUserId: 'x', correlationId: 'c', causationId: 'c', occurredAt: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z` },
    recordedAt: '2026-01-01T00:00:00.000Z',
  }));

describe('directory projection', () => {
  let stores: Stores;
  const all = [...recorded('company-c1', companyEvents), ...recorded('user-u1', userEvents)];
  const apply = async (events: readonly RecordedEvent[]) => {
    await stores.documentStore.transaction(async (session) => {
      for (const e of events) await directoryProjection.apply(e, session);
    });
  };
  const snapshot = async () => ({
    users: await stores.documentStore.collection<UserView>(USERS).findDocuments(),
    companies: await stores.documentStore.collection<CompanyView>(COMPANIES).findDocuments(),
  });

  beforeAll(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    // The users' agreement flags are read against the legal documents' current versions (D206).
    for (const c of [...directoryProjection.collections, ...legalDocumentsProjection.collections]) await stores.documentStore.ensureCollection(c);
  });
  afterAll(async () => stores.close());

  it('projects every company event, event by event', async () => {
    const companies = stores.documentStore.collection<CompanyView>(COMPANIES);
    const steps: [number, Partial<CompanyView>][] = [
      [1, { name: 'Acme', uid: 'EC-1', completed: false, tags: [], billingAddresses: [], responsibleUserId: null, createdAt: '2026-01-01T00:00:00.000Z' }],
      [2, { name: 'Acme Ltd', completed: true, companyPhone: '+441234567890' }],
      [3, { billingAddresses: [expect.objectContaining({ _id: 'b1' })] }],
      [4, { billingAddresses: [expect.objectContaining({ _id: 'b1' }), expect.objectContaining({ _id: 'b2' })] }],
      [5, { billingAddresses: [expect.objectContaining({ _id: 'b1', addressCity: 'New' }), expect.objectContaining({ _id: 'b2', addressCity: 'C' })] }],
      [6, { billingAddresses: [expect.objectContaining({ _id: 'b1', addressCity: 'New' })] }],
      [7, { tags: ['key-account', 'pilot'] }],
      [8, { responsibleUserId: 'u1', updatedAt: '2026-01-01T00:00:07.000Z' }],
    ];
    const stream = recorded('company-c1', companyEvents);
    for (const [version, expected] of steps) {
      await apply([stream[version - 1]!]);
      expect([version, (await companies.get('c1'))?.data]).toEqual([version, expect.objectContaining(expected)]);
    }
    expect(await findCompanyTags(stores.documentStore, 'KEY')).toEqual(['key-account']);
    expect((await listCompanies(stores.documentStore, ['de'], {}, { page: 1, pageSize: 10 })).total).toBe(0);
    expect((await listCompanies(stores.documentStore, ['uk'], {}, { page: 1, pageSize: 10 })).items).toMatchObject([{ name: 'Acme Ltd' }]);
  });

  it('projects every user event with the user status transitions', async () => {
    const users = stores.documentStore.collection<UserView>(USERS);
    const steps: [number, Partial<UserView>][] = [
      [1, { status: 'CREATED', emailVerified: false, hasPassword: false }],
      [2, { status: 'CREATED', hasPassword: true }],
      [3, { status: 'ACTIVE', emailVerified: true }],
      [4, { firstName: 'Uma', phone: '+441234567891' }],
      [5, { tags: ['night-shift'] }],
      [6, { acceptUserLicence: true, privacyPolicyAccepted: false }],
      [7, { acceptUserLicence: false }],
      [8, { privacyPolicyAccepted: true }],
      [9, { status: 'ACTIVE' }],
      [10, { status: 'DELETED' }],
      [11, { status: 'ACTIVE' }],
      [12, { status: 'INVITED' }],
    ];
    const stream = recorded('user-u1', userEvents);
    for (const [version, expected] of steps) {
      await apply([stream[version - 1]!]);
      expect([version, (await users.get('u1'))?.data]).toEqual([version, expect.objectContaining(expected)]);
    }
    expect(await getUser(stores.documentStore, 'u1')).toMatchObject({ company: { name: 'Acme Ltd', completed: true } });
    expect((await listUsers(stores.documentStore, { kind: 'company', companyId: 'c1' }, { status: 'INVITED' }, { page: 1, pageSize: 10 })).total).toBe(1);
    expect((await listUsers(stores.documentStore, { kind: 'company', companyId: 'c2' }, {}, { page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('changes nothing when the same events run twice', async () => {
    const before = await snapshot();
    await apply(all);
    await apply(all);
    expect(await snapshot()).toEqual(before);
  });
});
