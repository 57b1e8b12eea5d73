import { createHash } from 'node:crypto';
import {
  upcastRecorded,
  conflict,
  customerMaySee,
  effectivePrincipal,
  isStaff,
  notFound,
  orderStreamId,
  withoutInternalComment,
  type Actor,
  type RecordedEvent,
} from '@onsite/domain';
import { getUser } from '@onsite/projections';
import { minimalPdf } from '../agreements/legal-pdf.js';
import type { FileStorage } from '../files/file-storage.js';
import type { Runtime } from '../runtime.js';
import { visibleOrder } from '../orders/order-detail.js';
import { AUDIT_FORMAT, ChainWriter } from './audit-chain.js';
import { exportedEvent } from './audit-export.js';
import { foldOrderDetail } from './order-as-of.js';

const EVIDENCE_FORMAT = 'onsite-evidence-pack/1';

type Person = { readonly userId: string; readonly name: string; readonly email: string | null } | null;
type StoredFile = { readonly name: string; readonly path: string; readonly mimeType: string; readonly sha256: string | null; readonly bytes: number | null };

/** The 'as accepted' evidence pack (docs/audit.md): what the customer was shown when accepting, who accepted, and the chain up to it. */
export interface EvidencePack {
  readonly format: typeof EVIDENCE_FORMAT;
  readonly generatedAt: string;
  /** 'staff' (staff and auditors: every event) or 'customer' (the customer's admins: the customer view, as their console shows it). */
  readonly view: 'staff' | 'customer';
  readonly order: {
    readonly orderId: string;
    readonly refId: string;
    readonly customer: { readonly companyId: string; readonly name: string; readonly country: string };
    /** The files the customer attached to the order (site plans, photos), as the order held them when it was accepted. */
    readonly attachments: readonly StoredFile[];
  };
  readonly offer: {
    readonly offerId: string;
    readonly offeredAt: string;
    readonly validUntil: string;
    readonly externalComment: string | null;
    readonly document: StoredFile;
    readonly attachments: readonly StoredFile[];
    /** Catalogue prices of the ordered services as the order held them; the offer document states the binding price. */
    readonly services: readonly { readonly serviceId: string; readonly name: unknown; readonly price: { amount: number; currency: string } | null }[];
    readonly totals: readonly { readonly amount: number; readonly currency: string }[];
  };
  readonly acceptance: {
    readonly eventId: string;
    readonly version: number;
    readonly acceptedAt: string;
    readonly recordedAt: string;
    readonly acceptedBy: Person;
    /** The customer user staff acted for, when they accepted on the customer's behalf. */
    readonly onBehalfOf: Person;
    readonly purchaseOrder: { readonly number: string; readonly document: StoredFile | null };
    readonly billingAddress: unknown;
    /** That the terms were accepted, and their version (null for acceptances recorded before versions were kept). */
    readonly terms: { readonly accepted: boolean; readonly version: string | null };
  };
  /** The order's events up to and including the acceptance, as a complete audit chain (verify it like an export). */
  readonly eventChain: {
    readonly head: string;
    readonly events: readonly {
      readonly seq: number;
      readonly version: number;
      readonly type: string;
      readonly occurredAt: string;
      readonly actorUserId: string;
      readonly onBehalfOfUserId: string | null;
      readonly hash: string;
    }[];
    readonly ndjson: readonly string[];
  };
}

/** Staff (auditors included) see the pack of every order they can see; of the customer's people, only its admins. */
function viewOf(actor: Actor): 'staff' | 'customer' | null {
  if (isStaff(actor) && !actor.onBehalfOf) return 'staff';
  return effectivePrincipal(actor).role === 'ADMIN' ? 'customer' : null;
}

async function storedFile(storage: FileStorage, file: { name: string; path: string; mimeType: string }): Promise<StoredFile> {
  const stream = await storage.open(file.path);
  if (!stream) return { ...file, sha256: null, bytes: null };
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { name: file.name, path: file.path, mimeType: file.mimeType, sha256: hash.digest('hex'), bytes };
}

/** Customers get the events their console shows, without staff-only comments; the chain is computed over that view. */
function customerSafe(e: RecordedEvent): RecordedEvent | null {
  const data = e.data as object;
  return customerMaySee(e.type, data) ? { ...e, data: withoutInternalComment(data) } : null;
}

export async function evidencePackOf(runtime: Runtime, storage: FileStorage, actor: Actor, refId: string): Promise<EvidencePack> {
  const view = viewOf(actor);
  const current = await visibleOrder(runtime.documentStore, actor, { refId });
  if (!view) throw notFound('You do not have access to this order, or it does not exist.');
  // The chain hashes the events as stored; the facts are folded from them in today's shape (upcast).
  const stored = await runtime.storedEvents.readStream(orderStreamId(current._id));
  const events = stored.map(upcastRecorded);
  const accepted = events.findLast((e) => e.type === 'ACCEPT_OFFER');
  if (!accepted) throw conflict('order_not_accepted', 'This order has no accepted offer yet: there is no evidence of acceptance.');
  const atAcceptance = foldOrderDetail(events, { asOfVersion: accepted.streamVersion })!;
  const data = accepted.data as {
    offerId: string;
    po: { number: string; document?: { name: string; path: string; mimeType: string } | null };
    billingAddress: unknown;
    termsAccepted: boolean;
    termsVersion?: string;
  };
  const offer = atAcceptance.offers.find((o) => o.offerId === data.offerId)!;

  const person = async (userId: string | undefined | null): Promise<Person> => {
    if (!userId) return null;
    const user = await getUser(runtime.documentStore, userId);
    return { userId, name: user ? `${user.firstName} ${user.lastName}` : userId === 'system' ? 'Onsite' : '', email: user?.email ?? null };
  };
  const services = atAcceptance.content.services.map((s) => ({
    serviceId: s.serviceId,
    name: (s as { name?: unknown }).name ?? null,
    price: (s as { price?: { amount: number; currency: string } }).price ?? null,
  }));
  const totals = new Map<string, number>();
  for (const s of services) if (s.price) totals.set(s.price.currency, (totals.get(s.price.currency) ?? 0) + s.price.amount);

  const chain = new ChainWriter();
  // The header carries the acceptance's recording time, not the time of generation: the chain and its head are
  // the same every time the pack is made, so two copies can be compared by their heads.
  const ndjson = [chain.header({ format: AUDIT_FORMAT, exportedAt: accepted.recordedAt, scope: { order: refId } })];
  const summary: EvidencePack['eventChain']['events'][number][] = [];
  for (const e of stored) {
    if (e.streamVersion > accepted.streamVersion) break;
    const shown = view === 'staff' ? e : customerSafe(e);
    if (!shown) continue;
    ndjson.push(chain.event(exportedEvent(shown)));
    summary.push({
      seq: chain.count,
      version: e.streamVersion,
      type: e.type,
      occurredAt: e.metadata.occurredAt,
      actorUserId: e.metadata.actorUserId,
      onBehalfOfUserId: e.metadata.onBehalfOfUserId ?? null,
      hash: chain.head,
    });
  }
  ndjson.push(chain.end());

  return {
    format: EVIDENCE_FORMAT,
    generatedAt: runtime.clock().toISOString(),
    view,
    order: {
      orderId: current._id,
      refId: current.refId,
      customer: { companyId: atAcceptance.customer.companyId, name: atAcceptance.customer.name, country: atAcceptance.customer.country },
      attachments: await Promise.all((atAcceptance.content.additionalInformation.files ?? []).map((f) => storedFile(storage, f))),
    },
    offer: {
      offerId: offer.offerId,
      offeredAt: offer.offeredAt,
      validUntil: offer.expiresAt,
      externalComment: offer.externalComment ?? offer.comment ?? null,
      document: await storedFile(storage, offer.pdf),
      attachments: await Promise.all(offer.attachments.map((a) => storedFile(storage, a))),
      services,
      totals: [...totals].map(([currency, amount]) => ({ amount, currency })),
    },
    acceptance: {
      eventId: accepted.eventId,
      version: accepted.streamVersion,
      acceptedAt: accepted.metadata.occurredAt,
      recordedAt: accepted.recordedAt,
      acceptedBy: await person(accepted.metadata.actorUserId),
      onBehalfOf: await person(accepted.metadata.onBehalfOfUserId),
      purchaseOrder: { number: data.po.number, document: data.po.document ? await storedFile(storage, data.po.document) : null },
      billingAddress: data.billingAddress,
      terms: { accepted: data.termsAccepted === true, version: data.termsVersion ?? null },
    },
    eventChain: { head: chain.head, events: summary, ndjson: ndjson.map((l) => l.trimEnd()) },
  };
}

/** The pack as a one-page PDF: the facts and the hashes; the JSON (whose SHA-256 it names) holds the whole chain. */
export function evidencePdf(pack: EvidencePack): Buffer {
  const who = (p: Person) => (p ? `${p.name} <${p.email ?? p.userId}>` : '-');
  const lines = [
    `Evidence of acceptance - order ${pack.order.refId}`,
    `Customer: ${pack.order.customer.name} (${pack.order.customer.country})`,
    ...pack.order.attachments.flatMap((a) => [`Order attachment: ${a.name}`, `  SHA-256 ${a.sha256 ?? 'file missing'}`]),
    `Offer ${pack.offer.offerId}: offered ${pack.offer.offeredAt}, valid until ${pack.offer.validUntil}`,
    `Offer document: ${pack.offer.document.name}`,
    `  SHA-256 ${pack.offer.document.sha256 ?? 'file missing'}`,
    `Prices: ${pack.offer.totals.map((t) => `${t.amount} ${t.currency}`).join(', ') || 'see the offer document'}`,
    `Accepted at ${pack.acceptance.acceptedAt} (event ${pack.acceptance.version})`,
    `Accepted by: ${who(pack.acceptance.acceptedBy)}`,
    `On behalf of: ${who(pack.acceptance.onBehalfOf)}`,
    `PO: ${pack.acceptance.purchaseOrder.number}   Terms accepted: ${pack.acceptance.terms.accepted ? 'yes' : 'no'} (version ${pack.acceptance.terms.version ?? 'not recorded'})`,
    `Billing: ${billingLine(pack.acceptance.billingAddress)}`,
    `Event chain (${pack.eventChain.events.length} events, ${pack.view} view), head:`,
    `  ${pack.eventChain.head}`,
    ...pack.eventChain.events.slice(-12).map((e) => `  ${e.version} ${e.type} ${e.occurredAt} ${e.hash.slice(0, 16)}...`),
    `The JSON pack holds the whole chain: npm run audit:verify checks it (docs/audit.md).`,
    `Generated ${pack.generatedAt}`,
  ];
  return minimalPdf(lines);
}

function billingLine(address: unknown): string {
  const a = (address ?? {}) as Record<string, unknown>;
  return [a.firstName, a.lastName, a.addressLine1, a.addressPostCode, a.addressCity, a.addressCountry].filter((x) => typeof x === 'string' && x).join(', ');
}
