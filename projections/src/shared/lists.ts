/**
 * What a caller may see of a list: a customer their own company's entries; staff every entry, or only those of
 * the countries in their country filter (none: every country).
 */
export type ReadScope = { readonly kind: 'company'; readonly companyId: string } | { readonly kind: 'staff'; readonly countries: readonly string[] };

/** One page of a list, with how many entries the whole list has. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}
