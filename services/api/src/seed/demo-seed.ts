import { stableUuid } from '../common/stable-id.js';
import {
  CATALOGUE_STREAM, catalogueDecider, companyDecider, DEMO_CATALOGUE, DEMO_HELP, HELP_STREAM, helpDecider, demoPartnerOffers, partnerOfferDecider, partnerOfferStreamId,
  userDecider, AGREEMENTS, companyStreamId, emailReservationStreamId, languageOf, ROLES_BY_TYPE, userStreamId, type Actor, type Role, type UserType,
} from '@onsite/domain';
import { CommandRunner } from '../common/command-runner.js';
import { savePasswordHash } from '../identity/credentials.js';
import { emailHash } from '../identity/identity-commands.js';
import { hashPassword } from '../identity/passwords.js';
import type { Runtime } from '../runtime.js';

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
  readonly people: readonly (readonly [string, string])[];
}

const DEMO_COMPANIES: readonly DemoCompany[] = [
  { key: 'bl', emailPrefix: 'bl', uid: 'ONS-0001', name: 'Onsite Services GmbH', type: 'BL', country: 'de',
    address: { addressLine1: 'Industriestraße 12', city: 'Stuttgart', postCode: '70565' },
    people: [['Lena', 'Vogt'], ['Jonas', 'Keller'], ['Mira', 'Hoffmann'], ['Felix', 'Brandt'], ['Sara', 'Lindner'], ['Henrik', 'Auer']] },
  { key: 'oem', emailPrefix: 'oem', uid: 'OEM-1001', name: 'Kessler Automation AG', type: 'OEM', country: 'ch',
    address: { addressLine1: 'Seestrasse 44', city: 'Zürich', postCode: '8002' },
    people: [['Nina', 'Meier'], ['Luca', 'Steiner'], ['Eva', 'Graf'], ['Marco', 'Frei'], ['Andrea', 'Huber']] },
  { key: 'oem2', emailPrefix: 'oem2', uid: 'OEM-1002', name: 'Northfield Robotics Inc.', type: 'OEM', country: 'us',
    address: { addressLine1: '200 Harbor Drive', city: 'Boston', postCode: '02210' },
    people: [['Emily', 'Carter'], ['Daniel', 'Brooks'], ['Grace', 'Turner'], ['Ryan', 'Hughes'], ['Olivia', 'Reed']] },
  { key: 'ec', emailPrefix: 'ec', uid: 'EC-2001', name: 'Thames Precision Ltd', type: 'EC', country: 'uk',
    address: { addressLine1: '14 Riverside Way', city: 'Reading', postCode: 'RG1 8DB' },
    people: [['Oliver', 'Bennett'], ['Sophie', 'Walsh'], ['Harry', 'Collins'], ['Amelia', 'Shaw']] },
  { key: 'ec2', emailPrefix: 'ec2', uid: 'EC-2002', name: 'Rheinwerk Maschinenbau GmbH', type: 'EC', country: 'de',
    address: { addressLine1: 'Hafenstraße 3', city: 'Duisburg', postCode: '47119' },
    people: [['Katrin', 'Wolf'], ['Stefan', 'Richter'], ['Julia', 'Braun'], ['Tobias', 'Krüger']] },
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

/** Demo addresses are reserved like any other, so a registration cannot take one. */
async function reserveDemoEmail(runtime: Runtime, email: string, userId: string, actor: Actor, correlationId: string): Promise<void> {
  const streamId = emailReservationStreamId(emailHash(email));
  if ((await runtime.eventStore.readStream(streamId)).length > 0) return;
  const occurredAt = runtime.clock().toISOString();
  await runtime.eventStore.appendToStream(streamId, [{ type: 'EMAIL_RESERVED', data: { userId }, metadata: { actorUserId: actor.userId, correlationId, causationId: correlationId, occurredAt } }], 0);
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

  for (const company of DEMO_COMPANIES) {
    const companyId = demoId(`company:${company.key}`);
    if ((await runtime.eventStore.readStream(companyStreamId(companyId))).length === 0) {
      await runner.run(companyDecider, {
        streamId: companyStreamId(companyId), actor: system, correlationId, expectedVersion: 0,
        command: { type: 'RegisterCompany', data: { companyId, uid: company.uid, name: company.name, type: company.type, country: company.country, address: company.address, completed: true,
          responsibleUserId: demoId(`user:${company.emailPrefix}.planner@${DEMO_DOMAIN}`) } },
      });
      created++;
    }
    const people = ROLES_BY_TYPE[company.type].map((role, i) => ({ role, email: `${company.emailPrefix}.${role.toLowerCase()}@${DEMO_DOMAIN}`, name: company.people[i], accepted: true }));
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
          streamId: stream, actor: system, correlationId, expectedVersion: 0,
          command: { type: 'CreateUser', data: {
            userId, companyId, email: person.email, firstName, lastName, type: company.type, role: person.role, country: company.country,
            language: company.type === 'BL' ? 'en' : languageOf(company.country), status: 'ACTIVE',
            ...(person.role === 'SUPERVISOR' ? { phone: '+4915112345678' } : {}),
          } },
        });
        if (person.accepted) await runner.run(userDecider, { streamId: stream, actor: system, correlationId, command: { type: 'AcceptAgreements', agreements: AGREEMENTS } });
      }
      await savePasswordHash(runtime.documentStore, userId, await hashPassword(DEMO_PASSWORD), runtime.clock());
      await runner.run(userDecider, { streamId: stream, actor: system, correlationId, command: { type: 'SetPassword', data: { userId, via: 'seed' } } });
      created++;
    }
  }
  if ((await runtime.eventStore.readStream(CATALOGUE_STREAM)).length === 0) {
    await runner.run(catalogueDecider, {
      streamId: CATALOGUE_STREAM, actor: system, correlationId, expectedVersion: 0,
      command: { type: 'PublishCatalogue', data: { catalogue: DEMO_CATALOGUE } },
    });
    created++;
  }
  if ((await runtime.eventStore.readStream(HELP_STREAM)).length === 0) {
    await runner.run(helpDecider, {
      streamId: HELP_STREAM, actor: system, correlationId, expectedVersion: 0,
      command: { type: 'PublishHelpContent', data: { content: DEMO_HELP } },
    });
    created++;
  }
  // The partner marketplace, dated around the day of the seed; each offer is its own stream, seeded once.
  const offers = demoPartnerOffers(runtime.clock().toISOString().slice(0, 10));
  for (const [index, content] of offers.entries()) {
    const offerId = demoId(`partner-offer:${index}`);
    if ((await runtime.eventStore.readStream(partnerOfferStreamId(offerId))).length > 0) continue;
    await runner.run(partnerOfferDecider, {
      streamId: partnerOfferStreamId(offerId), actor: system, correlationId, expectedVersion: 0,
      command: { type: 'PublishPartnerOffer', data: { offerId, content } },
    });
    created++;
  }
  log(created > 0 ? `Seeded demo data (${created} companies, users, the service catalogue, help content and partner offers). Every demo password is ${DEMO_PASSWORD}.` : 'Demo data already present.');
  return { created };
}
