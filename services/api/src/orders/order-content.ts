import { Inject, Injectable } from '@nestjs/common';
import { currencyOf, validationError, type ErrorDetail, type FileUpload, type OrderContent, type OrderedService, type OrderFile } from '@onsite/domain';
import { type ContentFile, type OrderContentRequest } from '@onsite/contracts';
import { findOrderableServices } from '@onsite/projections';
import { readSegmentsState } from '../catalogue/segments-state.js';
import type { StoreUploads } from '../files/uploads.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** What the content is resolved against: the customer's country (for the currency), the files and the services the order holds. */
export interface ContentOwner {
  readonly country: string;
  readonly files: readonly OrderFile[];
  /** The services as the order already names them, with the names and prices they were ordered with (D208). */
  readonly services?: readonly OrderedService[];
  /** The segments the order already names (kept even once retired from the catalogue). */
  readonly segments?: readonly string[];
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
    const services = await this.priceServices(requested.services, requested.location?.country ?? owner.country, owner.services ?? [], path);
    await this.checkSegments(requested.additionalInformation.selectedSegments ?? [], owner.segments ?? [], `${path}.additionalInformation.selectedSegments`);
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

  /**
   * The segments chosen while ordering (D218): each once (`duplicate_option`), and each a segment or sub-segment of the
   * catalogue that is not retired (`unknown_option`), unless the order named it already.
   */
  private async checkSegments(requested: readonly string[], held: readonly string[], path: string): Promise<void> {
    if (requested.length === 0) return;
    const known = new Set(held);
    for (const { segment, retired } of Object.values((await readSegmentsState(this.runtime)).segments)) {
      if (retired) continue;
      known.add(segment.id);
      for (const sub of segment.subSegments) known.add(sub.id);
    }
    const problems = requested.flatMap((id, i): ErrorDetail[] => {
      if (requested.indexOf(id) !== i) return [{ path: `${path}.${i}`, code: 'duplicate_option', message: 'Choose each segment once.' }];
      return known.has(id) ? [] : [{ path: `${path}.${i}`, code: 'unknown_option', message: 'Choose a segment from the list.' }];
    });
    if (problems.length > 0) throw validationError('One or more fields contain errors.', problems);
  }

  /**
   * Each service named with its names and price in the currency of the location's country (D208): a service the order
   * already holds in that currency keeps what it was ordered with, so a later catalogue change never alters it; a new
   * one must be offered in the country now (`service_not_offered`), or is not in the catalogue at all (`unknown_service`).
   */
  private async priceServices(
    requested: OrderContentRequest['services'],
    country: string,
    held: readonly OrderedService[],
    path: string,
  ): Promise<OrderedService[]> {
    const currency = currencyOf(country);
    const countryPath = `${path}.location.country`;
    if (!currency)
      throw validationError('Orders cannot be placed for this country.', [
        { path: countryPath, code: 'unsupported_country', message: 'Orders cannot be placed for this country.' },
      ]);
    const kept = new Map(held.filter((s) => s.price.currency === currency).map((s) => [s.serviceId, s]));
    const catalogue = await findOrderableServices(
      this.runtime.documentStore,
      requested.filter((s) => !kept.has(s.serviceId)).map((s) => s.serviceId),
      country,
    );
    const refused = requested.flatMap((s, i): ErrorDetail[] => {
      if (kept.has(s.serviceId) || catalogue.offered.has(s.serviceId)) return [];
      const at = `${path}.services.${i}.serviceId`;
      return catalogue.known.has(s.serviceId)
        ? [{ path: at, code: 'service_not_offered', message: 'This service is not offered in the country of the order.' }]
        : [{ path: at, code: 'unknown_service', message: 'This service is not in the catalogue.' }];
    });
    if (refused.length > 0) throw validationError('One or more fields contain errors.', refused);
    return requested.map((s) => {
      const ordered = kept.get(s.serviceId);
      if (ordered) return { ...ordered, equipmentItems: s.equipmentItems };
      const service = catalogue.offered.get(s.serviceId)!;
      return {
        serviceId: service.id,
        name: service.name.en,
        names: { ...service.name },
        price: { amount: service.prices[currency]!, currency },
        equipmentItems: s.equipmentItems,
      };
    });
  }
}
