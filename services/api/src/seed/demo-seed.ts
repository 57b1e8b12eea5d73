import { stableUuid } from '../common/stable-id.js';
import {
  CATALOGUE_SEGMENTS_STREAM,
  catalogueServiceStreamId,
  companyDecider,
  segmentsDecider,
  serviceDecider,
  couponDecider,
  BANNER_STREAM,
  bannerDecider,
  faqDecider,
  faqStreamId,
  couponStreamId,
  manualDecider,
  manualStreamId,
  partnerOfferDecider,
  partnerOfferStreamId,
  userDecider,
  SUPPORT_CONTACTS_STREAM,
  supportContactsDecider,
  AGREEMENTS,
  billingAddressField,
  companyStreamId,
  emailReservationStreamId,
  languageOf,
  ROLES_BY_TYPE,
  userStreamId,
  type Actor,
  type Role,
  type UserType,
} from '@onsite/domain';
import { CommandRunner } from '../common/command-runner.js';
import { savePasswordHash } from '../identity/credentials.js';
import { emailHash } from '../identity/identity-commands.js';
import { hashPassword } from '../identity/passwords.js';
import type { Runtime } from '../runtime.js';
import { DEMO_IT_SUPPORT_EMAIL, DEMO_PERSONAL_CONTACTS, DEMO_SUPPORT_GROUP_CONTACTS } from './demo-support-contacts.js';
import { readSegmentsState } from '../catalogue/segments-state.js';
import { DEMO_SEGMENTS, DEMO_SERVICES } from './demo-catalogue.js';
import { DEMO_COUPONS } from './demo-coupons.js';
import { DEMO_HELP, demoManualEntries } from './demo-help.js';
import { demoPartnerOffers } from './demo-partner-offers.js';
import { seedDemoLegalDocuments } from './demo-legal-documents.js';
import { currentLegalVersions } from '@onsite/projections';

export const DEMO_PASSWORD = 'Onsite-demo-1';
export const DEMO_DOMAIN = 'demo.onsite.test';

/** Stable ids, so a seed interrupted half-way resumes where it stopped instead of duplicating. */
export function demoId(key: string): string {
  return stableUuid('onsite-demo', key);
}

interface DemoCompany {
  readonly key: string;
  /** Prefix of the users' e-mail addresses: `<prefix>.<role>@demo.onsite.test`. */
  readonly emailPrefix: string;
  readonly uid: string;
  readonly name: string;
  readonly type: UserType;
  readonly country: string;
  readonly address: { addressLine1: string; city: string; postCode: string };
  /** The first person is the company's admin, who is also its main contact and the billing address's contact. */
  readonly people: readonly (readonly [string, string])[];
  /** The main contact's department. */
  readonly department: string;
  /** The billing address: the company's address with the state its country requires (not the UK) and a VAT/tax number. */
  readonly billing: { readonly state?: string; readonly taxNumber: string; readonly department: string };
}

const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'bl',
    emailPrefix: 'bl',
    uid: 'ONS-0001',
    name: 'Onsite Services GmbH',
    type: 'BL',
    country: 'de',
    address: { addressLine1: 'Industriestraße 12', city: 'Stuttgart', postCode: '70565' },
    people: [
      ['Lena', 'Vogt'],
      ['Jonas', 'Keller'],
      ['Mira', 'Hoffmann'],
      ['Felix', 'Brandt'],
      ['Sara', 'Lindner'],
      ['Henrik', 'Auer'],
    ],
    department: 'Geschäftsführung',
    billing: { state: 'Baden-Württemberg', taxNumber: 'DE812345671', department: 'Buchhaltung' },
  },
  {
    key: 'oem',
    emailPrefix: 'oem',
    uid: 'OEM-1001',
    name: 'Kessler Automation AG',
    type: 'OEM',
    country: 'ch',
    address: { addressLine1: 'Seestrasse 44', city: 'Zürich', postCode: '8002' },
    people: [
      ['Nina', 'Meier'],
      ['Luca', 'Steiner'],
      ['Eva', 'Graf'],
      ['Marco', 'Frei'],
      ['Andrea', 'Huber'],
    ],
    department: 'Service',
    billing: { state: 'Zürich', taxNumber: 'CHE-105.834.527 MWST', department: 'Finanzen' },
  },
  {
    key: 'oem2',
    emailPrefix: 'oem2',
    uid: 'OEM-1002',
    name: 'Northfield Robotics Inc.',
    type: 'OEM',
    country: 'us',
    address: { addressLine1: '200 Harbor Drive', city: 'Boston', postCode: '02210' },
    people: [
      ['Emily', 'Carter'],
      ['Daniel', 'Brooks'],
      ['Grace', 'Turner'],
      ['Ryan', 'Hughes'],
      ['Olivia', 'Reed'],
    ],
    department: 'Field Service',
    billing: { state: 'MA', taxNumber: '04-3281975', department: 'Accounts Payable' },
  },
  {
    key: 'ec',
    emailPrefix: 'ec',
    uid: 'EC-2001',
    name: 'Thames Precision Ltd',
    type: 'EC',
    country: 'uk',
    address: { addressLine1: '14 Riverside Way', city: 'Reading', postCode: 'RG1 8DB' },
    people: [
      ['Oliver', 'Bennett'],
      ['Sophie', 'Walsh'],
      ['Harry', 'Collins'],
      ['Amelia', 'Shaw'],
    ],
    department: 'Operations',
    billing: { taxNumber: 'GB293551748', department: 'Accounts Payable' },
  },
  {
    key: 'ec2',
    emailPrefix: 'ec2',
    uid: 'EC-2002',
    name: 'Rheinwerk Maschinenbau GmbH',
    type: 'EC',
    country: 'de',
    address: { addressLine1: 'Hafenstraße 3', city: 'Duisburg', postCode: '47119' },
    people: [
      ['Katrin', 'Wolf'],
      ['Stefan', 'Richter'],
      ['Julia', 'Braun'],
      ['Tobias', 'Krüger'],
    ],
    department: 'Instandhaltung',
    billing: { state: 'Nordrhein-Westfalen', taxNumber: 'DE813457921', department: 'Rechnungswesen' },
  },
  // A Brazilian end customer: its users see the console in Portuguese.
  {
    key: 'ec3',
    emailPrefix: 'ec3',
    uid: 'EC-2003',
    name: 'Campinas Usinagem Ltda.',
    type: 'EC',
    country: 'br',
    address: { addressLine1: 'Avenida Norte-Sul 1200', city: 'Campinas', postCode: '13025-320' },
    people: [
      ['Ana', 'Souza'],
      ['Pedro', 'Lima'],
      ['Beatriz', 'Costa'],
      ['Rafael', 'Alves'],
    ],
    department: 'Manutenção',
    billing: { state: 'SP', taxNumber: '12.345.678/0001-95', department: 'Financeiro' },
  },
];

interface DemoUser {
  readonly email: string;
  readonly type: UserType;
  readonly role: Role;
  readonly company: string;
}

export function demoUsers(): DemoUser[] {
  return DEMO_COMPANIES.flatMap((c) =>
    ROLES_BY_TYPE[c.type].map((role) => ({ email: `${c.emailPrefix}.${role.toLowerCase()}@${DEMO_DOMAIN}`, type: c.type, role, company: c.name })),
  );
}

/**
 * One extra demo user who has not accepted the licence and the privacy policy yet (every other demo user has),
 * to try the agreement flow: a PLANNER of the second EC company, outside the one-user-per-(type, role) list.
 */
export const DEMO_PENDING_AGREEMENTS_EMAIL = `ec2.pending@${DEMO_DOMAIN}`;

/** The invoice e-mail of a demo company (not a log-in). */
export const demoInvoiceEmail = (company: Pick<DemoCompany, 'emailPrefix'>): string => `invoices.${company.emailPrefix}@${DEMO_DOMAIN}`;

/** What the company-information screen counts as complete: the main contact (the admin) and the invoice e-mail. */
function mainContactOf(company: DemoCompany) {
  const [firstName, lastName] = company.people[0]!;
  return {
    contactPersonFirstName: firstName,
    contactPersonLastName: lastName,
    contactPersonEmail: `${company.emailPrefix}.admin@${DEMO_DOMAIN}`,
    contactPersonDepartment: company.department,
    invoiceEmail: demoInvoiceEmail(company),
  };
}

/** The company's one billing address, held to the domain's rules (a state except in the UK, the GST number in India). */
function billingAddressOf(company: DemoCompany) {
  const contact = mainContactOf(company);
  return billingAddressField.parse({
    firstName: contact.contactPersonFirstName,
    lastName: contact.contactPersonLastName,
    email: contact.contactPersonEmail,
    department: company.billing.department,
    addressLine1: company.address.addressLine1,
    addressCity: company.address.city,
    addressPostCode: company.address.postCode,
    ...(company.billing.state ? { addressState: company.billing.state } : {}),
    addressCountry: company.country,
    taxNumber: company.billing.taxNumber,
    invoiceEmail: contact.invoiceEmail,
  });
}

/**
 * Completes a demo company's profile (main contact, invoice e-mail, billing address) so that it is what
 * `completed: true` says. Only while the seed alone has written the company's stream: a company someone has
 * edited, or whose billing address someone deleted, is left as they made it. This also completes companies of a
 * data directory seeded before the demo companies had these fields.
 */
async function completeDemoCompany(
  runner: CommandRunner,
  runtime: Runtime,
  company: DemoCompany,
  companyId: string,
  system: Actor,
  correlationId: string,
): Promise<boolean> {
  const streamId = companyStreamId(companyId);
  const events = await runtime.eventStore.readStream(streamId);
  if (events.some((e) => e.metadata.actorUserId !== system.userId || e.type.startsWith('BILLING_ADDRESS_'))) return false;
  let version = events.length;
  const registered = events[0]!.data as { contactPersonFirstName?: string };
  const updated = events.some((e) => e.type === 'COMPANY_UPDATED');
  if (!registered.contactPersonFirstName && !updated) {
    version = (
      await runner.run(companyDecider, {
        streamId,
        actor: system,
        correlationId,
        expectedVersion: version,
        command: { type: 'UpdateCompany', changes: { ...mainContactOf(company), completed: true } },
      })
    ).version;
  }
  await runner.run(companyDecider, {
    streamId,
    actor: system,
    correlationId,
    expectedVersion: version,
    command: { type: 'AddBillingAddress', billingAddress: billingAddressOf(company) },
  });
  return true;
}

/** Demo addresses are reserved like any other, so a registration cannot take one. */
async function reserveDemoEmail(runtime: Runtime, email: string, userId: string, actor: Actor, correlationId: string): Promise<void> {
  const streamId = emailReservationStreamId(emailHash(email));
  if ((await runtime.eventStore.readStream(streamId)).length > 0) return;
  const occurredAt = runtime.clock().toISOString();
  await runtime.eventStore.appendToStream(
    streamId,
    [{ type: 'EMAIL_RESERVED', data: { userId }, metadata: { actorUserId: actor.userId, correlationId, causationId: correlationId, occurredAt } }],
    0,
  );
}

/**
 * Seeds the demo companies and one user per (type, role), through the same commands as the api, so the
 * log holds real events. Idempotent: existing streams are left alone.
 */
export async function seedDemoData(runtime: Runtime, log: (line: string) => void = () => {}): Promise<{ created: number }> {
  const runner = new CommandRunner(runtime);
  const provider = DEMO_COMPANIES[0]!;
  const system: Actor = { userId: 'system', type: 'BL', role: 'ADMIN', companyId: demoId(`company:${provider.key}`), country: provider.country };
  const correlationId = demoId(`seed:${runtime.clock().toISOString()}`);
  let created = 0;
  /** The new users who have accepted the legal documents (all but ec2.pending): they accept once those are published. */
  const accepting: string[] = [];

  for (const company of DEMO_COMPANIES) {
    const companyId = demoId(`company:${company.key}`);
    if ((await runtime.eventStore.readStream(companyStreamId(companyId))).length === 0) {
      await runner.run(companyDecider, {
        streamId: companyStreamId(companyId),
        actor: system,
        correlationId,
        expectedVersion: 0,
        command: {
          type: 'RegisterCompany',
          data: {
            companyId,
            uid: company.uid,
            name: company.name,
            type: company.type,
            country: company.country,
            address: company.address,
            ...mainContactOf(company),
            completed: true,
            responsibleUserId: demoId(`user:${company.emailPrefix}.planner@${DEMO_DOMAIN}`),
          },
        },
      });
      created++;
    }
    if (await completeDemoCompany(runner, runtime, company, companyId, system, correlationId)) created++;
    const people = ROLES_BY_TYPE[company.type].map((role, i) => ({
      role,
      email: `${company.emailPrefix}.${role.toLowerCase()}@${DEMO_DOMAIN}`,
      name: company.people[i],
      accepted: true,
    }));
    if (company.key === 'ec2') people.push({ role: 'PLANNER', email: DEMO_PENDING_AGREEMENTS_EMAIL, name: ['Paula', 'Neumann'], accepted: false });
    for (const person of people) {
      const userId = demoId(`user:${person.email}`);
      const stream = userStreamId(userId);
      const existing = await runtime.eventStore.readStream(stream);
      if (existing.some((e) => e.type === 'PASSWORD_SET')) continue;
      const [firstName, lastName] = person.name ?? ['Demo', person.role];
      if (existing.length === 0) {
        await reserveDemoEmail(runtime, person.email, userId, system, correlationId);
        await runner.run(userDecider, {
          streamId: stream,
          actor: system,
          correlationId,
          expectedVersion: 0,
          command: {
            type: 'CreateUser',
            data: {
              userId,
              companyId,
              email: person.email,
              firstName,
              lastName,
              type: company.type,
              role: person.role,
              country: company.country,
              language: company.type === 'BL' ? 'en' : languageOf(company.country),
              status: 'ACTIVE',
              ...(person.role === 'SUPERVISOR' ? { phone: '+4915112345678' } : {}),
            },
          },
        });
        if (person.accepted) accepting.push(stream);
      }
      await savePasswordHash(runtime.documentStore, userId, await hashPassword(DEMO_PASSWORD), runtime.clock());
      await runner.run(userDecider, { streamId: stream, actor: system, correlationId, command: { type: 'SetPassword', data: { userId, via: 'seed' } } });
      created++;
    }
  }
  // The legal documents' first versions, as the staff administrator publishes them (D206); then the new demo users
  // accept their current versions.
  created += await seedDemoLegalDocuments(runtime, runner, { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) }, correlationId);
  const versions = await currentLegalVersions(runtime.documentStore);
  for (const stream of accepting)
    await runner.run(userDecider, { streamId: stream, actor: system, correlationId, command: { type: 'AcceptAgreements', agreements: AGREEMENTS, versions } });
  // The catalogue, as a staff administrator creates it (D208): the segments in their stream, each service created and
  // published in its own; what is already there is left alone.
  const catalogueAdmin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
  for (const data of DEMO_SEGMENTS) {
    if ((await readSegmentsState(runtime)).segments[data.id]) continue;
    await runner.run(segmentsDecider, { streamId: CATALOGUE_SEGMENTS_STREAM, actor: catalogueAdmin, correlationId, command: { type: 'CreateSegment', data } });
    created++;
  }
  for (const data of DEMO_SERVICES) {
    const streamId = catalogueServiceStreamId(data.id);
    const recorded = await runtime.eventStore.readStream(streamId);
    if (recorded.length === 0) {
      const segments = await readSegmentsState(runtime);
      await runner.run(serviceDecider, { streamId, actor: catalogueAdmin, correlationId, command: { type: 'CreateService', data, segments } });
      created++;
    }
    // Published once, right after its creation (a start interrupted in between publishes it next time); a service staff
    // retired stays retired.
    if (recorded.length <= 1)
      await runner.run(serviceDecider, { streamId, actor: catalogueAdmin, correlationId, command: { type: 'PublishService', serviceId: data.id } });
  }
  // The coupons, as a staff administrator creates them (one stream each); a code already there is left alone.
  for (const data of DEMO_COUPONS) {
    if ((await runtime.eventStore.readStream(couponStreamId(data.code))).length > 0) continue;
    const admin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
    await runner.run(couponDecider, { streamId: couponStreamId(data.code), actor: admin, correlationId, command: { type: 'CreateCoupon', data } });
    created++;
  }
  // The home page's banner, as a staff administrator sets it (D205).
  if ((await runtime.eventStore.readStream(BANNER_STREAM)).length === 0 && DEMO_HELP.banner) {
    const admin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
    await runner.run(bannerDecider, { streamId: BANNER_STREAM, actor: admin, correlationId, command: { type: 'SetBanner', banner: DEMO_HELP.banner } });
    created++;
  }
  // The help questions, as a staff administrator creates them (one stream each, D205).
  for (const entry of DEMO_HELP.faqs) {
    if ((await runtime.eventStore.readStream(faqStreamId(entry.id))).length > 0) continue;
    const admin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
    await runner.run(faqDecider, { streamId: faqStreamId(entry.id), actor: admin, correlationId, command: { type: 'CreateFaq', entry } });
    created++;
  }
  // The manuals, as a staff administrator uploads them: a PDF per language the text is written in (D212).
  for (const entry of demoManualEntries()) {
    if ((await runtime.eventStore.readStream(manualStreamId(entry.id))).length > 0) continue;
    const admin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
    await runner.run(manualDecider, { streamId: manualStreamId(entry.id), actor: admin, correlationId, command: { type: 'CreateManual', entry } });
    created++;
  }
  // The support contacts, as a staff administrator enters them (one event per group, then the people and IT support).
  if ((await runtime.eventStore.readStream(SUPPORT_CONTACTS_STREAM)).length === 0) {
    const admin: Actor = { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) };
    const run = (command: Parameters<typeof supportContactsDecider.decide>[0]) =>
      runner.run(supportContactsDecider, { streamId: SUPPORT_CONTACTS_STREAM, actor: admin, correlationId, command });
    for (const data of DEMO_SUPPORT_GROUP_CONTACTS) await run({ type: 'SetGroupContact', data });
    await run({ type: 'SetPersonalContacts', contacts: DEMO_PERSONAL_CONTACTS });
    await run({ type: 'SetItSupportEmail', email: DEMO_IT_SUPPORT_EMAIL });
    created++;
  }
  // The partner marketplace, dated around the day of the seed, as a staff administrator publishes it; each offer is its
  // own stream, seeded once.
  const offers = demoPartnerOffers(runtime.clock().toISOString().slice(0, 10));
  for (const [index, content] of offers.entries()) {
    const offerId = demoId(`partner-offer:${index}`);
    if ((await runtime.eventStore.readStream(partnerOfferStreamId(offerId))).length > 0) continue;
    await runner.run(partnerOfferDecider, {
      streamId: partnerOfferStreamId(offerId),
      actor: { ...system, userId: demoId(`user:bl.admin@${DEMO_DOMAIN}`) },
      correlationId,
      expectedVersion: 0,
      command: { type: 'PublishPartnerOffer', data: { offerId, content } },
    });
    created++;
  }
  log(
    created > 0
      ? `Seeded demo data (companies, users, the service catalogue, help content, support contacts and partner offers: ${created} records written). Every demo password is ${DEMO_PASSWORD}.`
      : 'Demo data already present.',
  );
  return { created };
}
