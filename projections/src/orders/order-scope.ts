import type { Filter } from '@onsite/infrastructure';

/**
 * What a caller may see: customers their own company's orders; staff every order, or only those of the
 * countries in their country filter.
 */
export type OrderScope = { readonly kind: 'company'; readonly companyId: string } | { readonly kind: 'staff'; readonly countries: readonly string[] };

/** The scope as a filter on a read model keyed by customer company and country. */
export function scopeFilter(scope: OrderScope): Filter {
  if (scope.kind === 'company') return { companyId: scope.companyId };
  return scope.countries.length > 0 ? { country: { in: [...scope.countries] } } : {};
}
