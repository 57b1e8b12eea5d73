import { currencyOf, type Currency, type Language } from '@onsite/domain';
import type { ManagedService } from '../api/catalogue';

export interface ServiceEquipment {
  manufacturer: string;
  machineModel: string;
  quantity: number | string;
}

export interface ServiceForm {
  id: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  segmentIds: string[];
  subSegmentIds: string[];
  countries: string[];
  /** Major units as typed. */
  prices: Partial<Record<Currency, number | string>>;
  equipmentItems: ServiceEquipment[];
}

const texts = (from?: Partial<Record<Language, string>>): Record<Language, string> => ({ en: '', de: '', pt: '', ...(from ?? {}) });

export function formOf(service: ManagedService | null): ServiceForm {
  return {
    id: service?.id ?? '',
    name: texts(service?.name),
    description: texts(service?.description),
    segmentIds: [...(service?.segmentIds ?? [])],
    subSegmentIds: [...(service?.subSegmentIds ?? [])],
    countries: [...(service?.countries ?? [])],
    prices: Object.fromEntries(Object.entries(service?.prices ?? {}).map(([c, minor]) => [c, minor / 100])),
    equipmentItems: (service?.equipmentItems ?? []).map((e) => ({ manufacturer: e.manufacturer ?? '', machineModel: e.machineModel, quantity: e.quantity })),
  };
}

/** The currencies of the chosen countries, in the order countries were chosen. */
export const currenciesOf = (countries: readonly string[]): Currency[] => [
  ...new Set(countries.map((c) => currencyOf(c)).filter((c): c is Currency => c !== null)),
];

/** The field a message belongs to and the translation that says what to do. */
export function messageFor(path: string, code: string): [field: string, key: string] {
  const parts = path.split('.');
  const [first, second, third] = parts;
  if (first === 'id') return ['id', code === 'service_exists' ? 'catalogueAdmin.errors.serviceExists' : 'catalogueAdmin.errors.id'];
  if (first === 'name' || first === 'description') return [`${first}.${second ?? 'en'}`, 'validation.required'];
  if (first === 'segmentIds') return ['segmentIds', code === 'unknown_segment' ? 'catalogueAdmin.errors.unknownSegment' : 'catalogueAdmin.errors.segments'];
  if (first === 'subSegmentIds') return ['subSegmentIds', 'catalogueAdmin.errors.subSegment'];
  if (first === 'countries') return ['countries', 'catalogueAdmin.errors.countries'];
  if (first === 'prices') return [`prices.${second ?? ''}`, 'catalogueAdmin.errors.price'];
  if (first === 'equipmentItems') return [`equipmentItems.${second}.${third}`, third === 'quantity' ? 'catalogueAdmin.errors.quantity' : 'validation.required'];
  return [first ?? '', 'validation.required'];
}
