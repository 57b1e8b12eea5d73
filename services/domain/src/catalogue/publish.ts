import type { CommandContext } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, validationError } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import type { ServiceCatalogue } from './types.js';

/** The provider's service portfolio is one stream; each publication replaces the whole catalogue. */
export const CATALOGUE_STREAM = 'catalogue-main';

export type CatalogueEvent = DomainEvent<'CATALOGUE_PUBLISHED', { readonly catalogue: ServiceCatalogue }>;
export type CatalogueState = { readonly published: ServiceCatalogue | null };
export const initialCatalogueState: CatalogueState = { published: null };
export type CatalogueCommand = { readonly type: 'PublishCatalogue'; readonly data: { readonly catalogue: ServiceCatalogue } };

export function decideCatalogue(command: CatalogueCommand, _state: CatalogueState, ctx: CommandContext): CatalogueEvent[] {
  switch (command.type) {
    case 'PublishCatalogue': {
      if (ctx.actor.type !== 'BL' || ctx.actor.role !== 'ADMIN') throw forbidden();
      const { catalogue } = command.data;
      const segmentIds = new Set(catalogue.segments.map((s) => s.id));
      const unknown = catalogue.services.flatMap((s) => s.segmentIds.filter((id) => !segmentIds.has(id)).map((id) => `${s.id}: ${id}`));
      if (unknown.length > 0) throw validationError(`Services name unknown segments (${unknown.join(', ')}).`);
      if (new Set(catalogue.services.map((s) => s.id)).size !== catalogue.services.length) throw validationError('Service ids must be unique.');
      return [{ type: 'CATALOGUE_PUBLISHED', data: { catalogue } }];
    }
    default:
      return assertNever(command.type, 'catalogue command');
  }
}

export function evolveCatalogue(_state: CatalogueState, event: CatalogueEvent): CatalogueState {
  switch (event.type) {
    case 'CATALOGUE_PUBLISHED':
      return { published: event.data.catalogue };
    default:
      return assertNever(event.type, 'catalogue event');
  }
}

/** The published service catalogue (one stream). */
export const catalogueDecider: Decider<CatalogueCommand, CatalogueState, CatalogueEvent> = {
  initialState: initialCatalogueState,
  evolve: evolveCatalogue,
  decide: decideCatalogue,
};
