import { catalogueProjection } from './catalogue/catalogue.projection.js';
import { missingServicesProjection } from './catalogue/missing-services.projection.js';
import { dashboardsProjection } from './dashboards/dashboards.projection.js';
import { directoryProjection } from './directory/directory.projection.js';
import { helpProjection } from './help/help.projection.js';
import { ordersProjection } from './orders/orders.projection.js';
import { partnerOffersProjection } from './partners/partner-offers.projection.js';
import type { Projection } from './runner/index.js';

export * from './catalogue/catalogue.projection.js';
export * from './catalogue/missing-services.projection.js';
export * from './directory/index.js';
export * from './orders/index.js';
export * from './dashboards/index.js';
export * from './help/help.projection.js';
export * from './partners/partner-offers.projection.js';
export * from './shared/lists.js';

/** Every read model the product serves; the runner keeps them current and the rebuild command rebuilds them. */
export const ALL_PROJECTIONS: readonly Projection[] = [directoryProjection, catalogueProjection, missingServicesProjection, ordersProjection, dashboardsProjection, helpProjection, partnerOffersProjection];
