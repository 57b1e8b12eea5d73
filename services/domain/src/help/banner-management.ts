import type { Decider } from '../shared/decider.js';
import { forbidden } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { canManageSupportContent } from '../support/support-contacts.js';
import { BannerSchema, type Banner } from './help.js';

/** The home page's banner for visitors (D205): one stream, set or cleared by staff administrators. */
export const BANNER_STREAM = 'banner-main';

export const SetBannerSchema = BannerSchema.meta({
  id: 'SetBanner',
  description: "The home page's banner: a title and a text in English, and in German and Portuguese where translated.",
});

export type BannerEvent = DomainEvent<'BANNER_SET', { readonly banner: Banner }> | DomainEvent<'BANNER_CLEARED', Record<string, never>>;

export interface BannerState {
  /** Undefined until staff first set or clear it: the banner of older help content then still shows. */
  readonly banner: Banner | null | undefined;
}

export type BannerCommand = { readonly type: 'SetBanner'; readonly banner: Banner } | { readonly type: 'ClearBanner' };

/** Setting what is shown, or clearing what is not there, records nothing. */
export const bannerDecider: Decider<BannerCommand, BannerState, BannerEvent> = {
  initialState: { banner: undefined },
  decide(command, state, ctx) {
    if (!canManageSupportContent(ctx.actor)) throw forbidden('Only staff administrators change the banner.');
    switch (command.type) {
      case 'SetBanner':
        return JSON.stringify(state.banner) === JSON.stringify(command.banner) ? [] : [{ type: 'BANNER_SET', data: { banner: command.banner } }];
      case 'ClearBanner':
        return state.banner === null ? [] : [{ type: 'BANNER_CLEARED', data: {} }];
      default:
        return assertNever(command, 'banner command');
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'BANNER_SET':
        return { banner: event.data.banner };
      case 'BANNER_CLEARED':
        return { banner: null };
      default:
        return assertNever(event, 'banner event');
    }
  },
};
