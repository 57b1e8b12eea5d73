import { Inject, Injectable } from '@nestjs/common';
import { currencyOf, OrderContentSchema, OrderFileSchema, validationError, type ErrorDetail, type OrderContent, type OrderedService, type OrderFile } from '@onsite/domain';
import { findCatalogueServices, type OrderDetailView } from '@onsite/projections';
import { z } from 'zod';
import { FileUploadSchema, FileUploads, MAX_ATTACHMENTS, type FileUpload } from '../files/uploads.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** The client names catalogue services; their names and prices come from the catalogue, never from the request. */
const RequestedServiceSchema = z.object({
  serviceId: z.string().trim().min(1, 'This field is required.'),
  equipmentItems: z
    .array(z.object({ manufacturer: z.string().optional(), machineModel: z.string().trim().min(1), machineVariant: z.string().optional(), quantity: z.number().int().min(1) }))
    .default([]),
});

/** A file of the additional information: a new upload, or a file the order already holds (sent back as it was received). */
const ContentFileSchema = z.union([FileUploadSchema, OrderFileSchema]);
type ContentFile = z.infer<typeof ContentFileSchema>;

/** Order content as the console sends it: services by catalogue id, additional-information files as uploads or kept references. */
export const OrderContentRequestSchema = OrderContentSchema.extend({
  services: z.array(RequestedServiceSchema).max(50).default([]),
  additionalInformation: OrderContentSchema.shape.additionalInformation
    .unwrap()
    .extend({ files: z.array(ContentFileSchema).max(MAX_ATTACHMENTS).optional() })
    .default({}),
}).meta({ id: 'OrderContentRequest' });
export type OrderContentRequest = z.infer<typeof OrderContentRequestSchema>;

/** What the content is resolved against: the customer's country (for the currency) and the files the order holds. */
export interface ContentOwner {
  readonly country: string;
  readonly files: readonly OrderFile[];
}

export function contentOwnerOf(order: OrderDetailView): ContentOwner {
  return { country: order.customer.country, files: order.content.additionalInformation.files ?? [] };
}

const isUpload = (file: ContentFile): file is FileUpload => 'base64' in file;

/**
 * Turns requested content into order content: services priced from the catalogue in the currency of the location's
 * country, new files stored, and references kept only to files the order already holds (so no order can point at
 * another order's files).
 */
@Injectable()
export class OrderContentResolver {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly uploads: FileUploads,
  ) {}

  /** Runs `work` with the resolved content; files stored for it are removed again if `work` is refused. */
  async withContent<T>(requested: OrderContentRequest, owner: ContentOwner, path: string, work: (content: OrderContent) => Promise<T>): Promise<T> {
    const services = await this.priceServices(requested.services, requested.location?.country ?? owner.country, path);
    const files = requested.additionalInformation.files;
    const filesPath = `${path}.additionalInformation.files`;
    const held = new Map(owner.files.map((file) => [file.path, file]));
    const unknown = (files ?? []).flatMap((file, i): ErrorDetail[] =>
      isUpload(file) || held.has(file.path) ? [] : [{ path: `${filesPath}.${i}`, code: 'unknown_file', message: 'This file does not belong to the order.' }],
    );
    if (unknown.length > 0) throw validationError('One or more fields contain errors.', unknown);
    const uploads = this.uploads.check((files ?? []).flatMap((file, i) => (isUpload(file) ? [{ upload: file, path: `${filesPath}.${i}` }] : [])));

    return this.uploads.storeDuring(uploads, (stored) => {
      const storedInOrder = [...stored];
      // Every upload was just stored and every reference is held (checked above): the list keeps the client's order.
      const resolved = files?.map((file) => (isUpload(file) ? storedInOrder.shift()! : held.get(file.path)!));
      const { files: _sent, ...information } = requested.additionalInformation;
      const additionalInformation = resolved ? { ...information, files: resolved } : information;
      return work({ ...requested, services, additionalInformation });
    });
  }

  private async priceServices(requested: OrderContentRequest['services'], country: string, path: string): Promise<OrderedService[]> {
    const currency = currencyOf(country);
    const countryPath = `${path}.location.country`;
    if (!currency) throw validationError('Orders cannot be placed for this country.', [{ path: countryPath, code: 'unsupported_country', message: 'Orders cannot be placed for this country.' }]);
    const catalogue = await findCatalogueServices(this.runtime.documentStore, requested.map((s) => s.serviceId));
    const unknown = requested.flatMap((s, i) => (catalogue.has(s.serviceId) ? [] : [{ path: `${path}.services.${i}.serviceId`, code: 'unknown_service', message: 'This service is not in the catalogue.' }]));
    if (unknown.length > 0) throw validationError('One or more fields contain errors.', unknown);
    return requested.map((s) => {
      const service = catalogue.get(s.serviceId)!;
      return { serviceId: service.id, name: service.name.en, price: { amount: service.prices[currency], currency }, equipmentItems: s.equipmentItems };
    });
  }
}
