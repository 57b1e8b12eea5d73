import { readdirSync } from 'node:fs';
import type { Actor, OrderCommand } from '@onsite/domain';
import { orderStreamId, orderDecider } from '@onsite/domain';
import { DateTime } from 'luxon';
import { CommandRunner } from '../common/command-runner.js';
import { FILE_STORAGE } from '../files/file-storage.js';
import type { LocalDiskFileStorage } from '../files/local-disk-file-storage.js';
import { DEMO_DOMAIN, demoId } from '../seed/demo-seed.js';
import { quoteRequestBody } from './order-bodies.js';
import type { TestApp, TestResponse } from './test-app.js';

/** What every order command answers. */
export interface OrderRef {
  readonly _id: string;
  readonly refId: string;
  readonly version: number;
  readonly status: string;
}

/** The parts of the order detail the tests look at. */
export interface OrderDetail extends OrderRef {
  readonly openOfferId: string | null;
  readonly hasChanges: boolean;
  readonly orderNotCompleted: boolean;
  readonly offers: readonly {
    offerId: string;
    outcome: string;
    pdf: { path: string; name: string; mimeType: string };
    attachments: { path: string; name: string; mimeType: string }[];
    internalComment?: string;
    price?: { amount: number; currency: string };
  }[];
  readonly po: { number: string; document?: { path: string; name: string; mimeType: string } } | null;
  readonly content: {
    readonly services: readonly { serviceId: string; name: string; price: { amount: number; currency: string } }[];
    readonly timeframes: readonly unknown[];
    readonly location?: { city: string };
    readonly additionalInformation: { files?: { path: string; name: string; mimeType: string }[] };
    readonly contacts: { localCustomerContact?: { name: string } };
  };
  readonly supervisorUserIds: readonly string[];
  readonly ownerUserId: string | null;
  readonly financialInfo: unknown;
  readonly feedback: readonly { type: string; rating?: number; comment?: string }[];
  readonly job: { jobId: string; status: string; team: { name: string }[] } | null;
  readonly events: readonly { event: string; status: string; internalComment?: string; externalComment?: string }[];
}

const emailOf = (login: string) => `${login}@${DEMO_DOMAIN}`;
/** A demo user's id, e.g. `userIdOf('ec.supervisor')`. */
export const userIdOf = (login: string): string => demoId(`user:${emailOf(login)}`);
export const companyIdOf = (key: string): string => demoId(`company:${key}`);

/** A file as a browser would pick it: its bytes, its name and the type the browser guessed. */
export interface TestFile {
  readonly bytes: Buffer;
  readonly name: string;
  readonly type: string;
}
/** Tiny files whose content is what their names say, unless the test says otherwise. */
export const FILES = {
  pdf: (name = 'offer.pdf'): TestFile => ({ bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), name, type: 'application/pdf' }),
  png: (name = 'photo.png'): TestFile => ({
    bytes: Buffer.from(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)),
    name,
    type: 'image/png',
  }),
  jpeg: (name = 'photo.jpg'): TestFile => ({ bytes: Buffer.from(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16)), name, type: 'image/jpeg' }),
  text: (name = 'notes.pdf'): TestFile => ({ bytes: Buffer.from('just some text, not a PDF'), name, type: 'application/pdf' }),
};

export const BILLING_ADDRESS = {
  id: 'billing-1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ap@thames.example',
  department: 'Accounts',
  addressLine1: '14 Riverside Way',
  addressCity: 'Reading',
  addressPostCode: 'RG1 8DB',
  addressCountry: 'uk',
  taxNumber: 'GB123456789',
};

/** An offer expiry a week ahead, as a UTC instant. */
export const inAWeek = (): string => DateTime.utc().plus({ days: 7 }).toISO();

/** The job-planning integration reporting progress, as the system actor. */
const SYSTEM: Actor = { userId: 'system', type: 'BL', role: 'ADMIN', companyId: companyIdOf('bl'), country: 'de' };

/**
 * Drives orders through the api as the console does, so a test can start from any status in a few lines.
 * Logins are cached per demo user.
 */
export class OrderFlows {
  private readonly tokens = new Map<string, Promise<string>>();

  constructor(private readonly t: TestApp) {}

  /** The bearer token of a demo user, e.g. `as('ec.admin')`. */
  as(login: string): Promise<string> {
    if (!this.tokens.has(login)) this.tokens.set(login, this.t.login(emailOf(login)));
    return this.tokens.get(login)!;
  }

  async post<T = OrderRef>(path: string, body: unknown, login: string): Promise<TestResponse<{ data: T }>> {
    return this.t.post<{ data: T }>(path, body, await this.as(login));
  }

  /** Uploads a file as this user (POST /api/file/upload, multipart) and answers the reference a command takes. */
  async upload(login: string, file: TestFile): Promise<{ uploadId: string }> {
    const response = await this.t.upload(file, await this.as(login));
    if (response.status !== 200) throw new Error(`upload of ${file.name} as ${login}: ${response.status} ${JSON.stringify(response.body)}`);
    return { uploadId: (response.body.data as { uploadId: string }).uploadId };
  }

  /** Posts and expects 200, returning `data`. */
  async ok<T = OrderRef>(path: string, body: unknown, login: string): Promise<T> {
    const response = await this.post<T>(path, body, login);
    if (response.status !== 200) throw new Error(`${path} as ${login}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as T;
  }

  draft(login = 'ec.admin', body: Record<string, unknown> = quoteRequestBody()): Promise<OrderRef> {
    return this.ok('/api/order/create', body, login);
  }

  async requested(login = 'ec.admin', body: Record<string, unknown> = quoteRequestBody()): Promise<OrderRef> {
    const draft = await this.draft(login, body);
    return this.ok('/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true }, login);
  }

  async offered(login = 'ec.admin', offer: Record<string, unknown> = {}, body?: Record<string, unknown>): Promise<OrderRef & { offerId: string }> {
    const requested = await this.requested(login, body);
    const offered = await this.ok(
      '/api/order/offer',
      { orderId: requested._id, version: requested.version, pdf: await this.upload('bl.admin', FILES.pdf()), expiresAt: inAWeek(), ...offer },
      'bl.admin',
    );
    const { openOfferId } = await this.detail(offered.refId, 'bl.admin');
    return { ...offered, offerId: openOfferId! };
  }

  async submitted(login = 'ec.admin', body?: Record<string, unknown>): Promise<OrderRef> {
    const offered = await this.offered(login, {}, body);
    const accepted = await this.ok<OrderDetail>(
      '/api/order/accept',
      { orderId: offered._id, version: offered.version, offerID: offered.offerId, billingAddress: BILLING_ADDRESS, po: 'PO-1', tc: true },
      login,
    );
    return { _id: accepted._id, refId: accepted.refId, version: accepted.version, status: accepted.status };
  }

  async jobInPlanning(login = 'ec.admin'): Promise<OrderRef> {
    const submitted = await this.submitted(login);
    return this.ok('/api/order/prepare-job', { orderId: submitted._id, version: submitted.version }, 'bl.admin');
  }

  /** A job the planning tool reported as planned (feedback may be given). */
  async jobPlanned(login = 'ec.admin'): Promise<OrderRef> {
    const inPlanning = await this.jobInPlanning(login);
    const { job } = await this.detail(inPlanning.refId, 'bl.admin');
    return this.report(inPlanning._id, { type: 'RecordJobPlanned', data: { jobId: job!.jobId, team: [{ id: 'tech-1', name: 'Max Huber' }] } });
  }

  /** A command of the job-planning integration, which has no HTTP path. */
  async report(orderId: string, command: OrderCommand): Promise<OrderRef> {
    const result = await new CommandRunner(this.t.runtime).run(orderDecider, {
      streamId: orderStreamId(orderId),
      actor: SYSTEM,
      correlationId: 'job-planning-test',
      command,
    });
    if (result.state.status === 'none') throw new Error('no order');
    return { _id: orderId, refId: result.state.order.refId, version: result.version, status: result.state.status };
  }

  detail(refId: string, login: string): Promise<OrderDetail> {
    return this.ok<OrderDetail>('/api/order/getByRefId', { refId }, login);
  }

  /** The stored event types of an order, to prove that a refused command appended nothing. */
  async eventTypes(orderId: string): Promise<string[]> {
    return (await this.t.runtime.eventStore.readStream(orderStreamId(orderId))).map((e) => e.type);
  }

  /**
   * Posts a request that must be refused with this status and error code, and checks that it changed nothing:
   * no event on the order, no file in storage. Returns the response for further checks (e.g. its details).
   */
  async expectRefused(
    path: string,
    body: unknown,
    login: string,
    [status, error]: [number, string],
    orderId?: string,
  ): Promise<TestResponse<{ data: unknown }>> {
    const eventsBefore = orderId ? await this.eventTypes(orderId) : [];
    const filesBefore = this.storedFiles();
    const response = await this.post<unknown>(path, body, login);
    expect([response.status, response.body.error]).toEqual([status, error]);
    if (orderId) expect(await this.eventTypes(orderId)).toEqual(eventsBefore);
    expect(this.storedFiles()).toEqual(filesBefore);
    return response;
  }

  /** The files in file storage, to prove that a refused upload left nothing behind. */
  storedFiles(): string[] {
    return readdirSync(this.t.app.get<LocalDiskFileStorage>(FILE_STORAGE).root);
  }
}
