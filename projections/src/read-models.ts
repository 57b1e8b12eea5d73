import { catalogueProjection } from './catalogue/catalogue.projection.js';
import { couponsProjection } from './catalogue/coupons.projection.js';
import { managedCatalogueProjection } from './catalogue/managed-catalogue.projection.js';
import { missingServicesProjection } from './catalogue/missing-services.projection.js';
import { directoryProjection } from './directory/directory.projection.js';
import { bannerProjection } from './help/banner.projection.js';
import { faqsProjection } from './help/faqs.projection.js';
import { apiTokensProjection } from './identity/api-tokens.projection.js';
import { webhooksProjection } from './identity/webhooks.projection.js';
import { helpProjection } from './help/help.projection.js';
import { manualsProjection } from './help/manuals.projection.js';
import { legalDocumentsProjection } from './legal/legal-documents.projection.js';
import { ordersProjection } from './orders/orders.projection.js';
import { partnerOffersProjection } from './partners/partner-offers.projection.js';
import { supportContactsProjection } from './support/support-contacts.projection.js';
import { orderStreamId } from '@onsite/domain';
import type { Projection } from './runner/index.js';

export * from './catalogue/catalogue.projection.js';
export * from './catalogue/coupons.projection.js';
export * from './catalogue/managed-catalogue.projection.js';
export * from './catalogue/missing-services.projection.js';
export * from './directory/index.js';
export * from './orders/index.js';
export * from './dashboards/index.js';
export * from './help/banner.projection.js';
export * from './help/faqs.projection.js';
export * from './help/help.projection.js';
export * from './help/manuals.projection.js';
export * from './legal/legal-documents.projection.js';
export * from './identity/api-tokens.projection.js';
export * from './identity/webhooks.projection.js';
export * from './partners/partner-offers.projection.js';
export * from './support/support-contacts.projection.js';
export * from './shared/lists.js';

/** Every read model the product serves; the runner keeps them current and the rebuild command rebuilds them. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  directoryProjection,
  catalogueProjection,
  missingServicesProjection,
  ordersProjection,
  helpProjection,
  partnerOffersProjection,
  supportContactsProjection,
  couponsProjection,
  managedCatalogueProjection,
  faqsProjection,
  bannerProjection,
  manualsProjection,
  legalDocumentsProjection,
  apiTokensProjection,
  webhooksProjection,
];

const ORDER_STREAM_PREFIX = orderStreamId('');

/**
 * The documents that cannot exist before a stream's first event (the ProjectionRunner's `newStreamDocument`): an
 * order's documents are keyed by the order's id, and nothing refers to an order before its stream begins (its id
 * is made at random, or from an Idempotency-Key, when it is created). A batch that holds an order's first event
 * therefore reads none of that order's documents; a rebuild reads the documents of a chunk's orders together (D122).
 */
export function newOrderDocument(streamId: string): string | undefined {
  return streamId.startsWith(ORDER_STREAM_PREFIX) ? streamId.slice(ORDER_STREAM_PREFIX.length) : undefined;
}
