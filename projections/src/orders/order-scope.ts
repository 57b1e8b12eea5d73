import type { Filter } from '@onsite/infrastructure';

import type { ReadScope } from '../shared/lists.js';

/** Which orders a caller may see (the api's name for the read side's scope). */
export type OrderScope = ReadScope;

/** The scope as a filter on a read model keyed by customer company and country. */
export function scopeFilter(scope: OrderScope): Filter {
  if (scope.kind === 'company') return { companyId: scope.companyId };
  return scope.countries.length > 0 ? { country: { in: [...scope.countries] } } : {};
}
