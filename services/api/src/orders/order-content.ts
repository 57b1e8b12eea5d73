import { Inject, Injectable } from '@nestjs/common';
import {
  currencyOf,
  validationError,
  type ContentFile,
  type ErrorDetail,
  type FileUpload,
  type OrderContent,
  type OrderContentRequest,
  type OrderedService,
  type OrderFile,
} from '@onsite/domain';
import { findCatalogueServices } from '@onsite/projections';
import type { StoreUploads } from '../files/uploads.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** What the content is resolved against: the customer's country (for the currency) and the files the order holds. */
export interface ContentOwner {
  readonly country: string;
  readonly files: readonly OrderFile[];
}

const isUpload = (file: ContentFile): file is FileUpload => 'uploadId' in file;

/**
 * Turns requested content into order content: services priced from the catalogue in the currency of the location's
 * country, uploaded files resolved by their upload ids, and references kept only to files the order already holds (so no order can point at
 * another order's files).
 */
@Injectable()
export class OrderContentResolver {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** The content of a request's `content` field; uploads are resolved through `store` (claimed only if the command goes through). */
  async resolve(requested: OrderContentRequest, owner: ContentOwner, store: StoreUploads): Promise<OrderContent> {
    const path = 'content';
    const services = await this.priceServices(requested.services, requested.location?.country ?? owner.country, path);
    const files = requested.additionalInformation.files;
    const filesPath = `${path}.additionalInformation.files`;
    const held = new Map(owner.files.map((file) => [file.path, file]));
    const unknown = (files ?? []).flatMap((file, i): ErrorDetail[] =>
      isUpload(file) || held.has(file.path) ? [] : [{ path: `${filesPath}.${i}`, code: 'unknown_file', message: 'This file does not belong to the order.' }],
    );
    if (unknown.length > 0) throw validationError('One or more fields contain errors.', unknown);
    const stored = await store((files ?? []).flatMap((file, i) => (isUpload(file) ? [{ upload: file, path: `${filesPath}.${i}` }] : [])));

    // Every upload was just resolved and every reference is held (checked above): the list keeps the client's order.
    const resolved = files?.map((file) => (isUpload(file) ? stored.shift()! : held.get(file.path)!));
    const { files: _sent, ...information } = requested.additionalInformation;
    const additionalInformation = resolved ? { ...information, files: resolved } : information;
    return { ...requested, services, additionalInformation };
  }

  private async priceServices(requested: OrderContentRequest['services'], country: string, path: string): Promise<OrderedService[]> {
    const currency = currencyOf(country);
    const countryPath = `${path}.location.country`;
    if (!currency)
      throw validationError('Orders cannot be placed for this country.', [
        { path: countryPath, code: 'unsupported_country', message: 'Orders cannot be placed for this country.' },
      ]);
    const catalogue = await findCatalogueServices(
      this.runtime.documentStore,
      requested.map((s) => s.serviceId),
    );
    const unknown = requested.flatMap((s, i) =>
      catalogue.has(s.serviceId)
        ? []
        : [{ path: `${path}.services.${i}.serviceId`, code: 'unknown_service', message: 'This service is not in the catalogue.' }],
    );
    if (unknown.length > 0) throw validationError('One or more fields contain errors.', unknown);
    return requested.map((s) => {
      const service = catalogue.get(s.serviceId)!;
      return { serviceId: service.id, name: service.name.en, price: { amount: service.prices[currency], currency }, equipmentItems: s.equipmentItems };
    });
  }
}
