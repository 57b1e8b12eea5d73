import {
  supportContactFor,
  supportContactsDecider,
  supportContactsFor,
  type Actor,
  type SupportContactsEvent,
  type SupportContactsState,
} from '@onsite/domain';
import { supportContactsView } from './support-contact-views.js';

const ctx = (actor: Partial<Actor> = {}) => ({
  actor: { userId: 'u', type: 'BL', role: 'ADMIN', companyId: 'c', country: 'de', ...actor } as Actor,
  now: '2026-12-02T10:00:00.000Z',
  newId: () => 'id',
});
const fold = (events: SupportContactsEvent[], state: SupportContactsState = supportContactsDecider.initialState) =>
  events.reduce(supportContactsDecider.evolve, state);

describe('support contacts as the console shows them', () => {
  it('lets staff administrators set a group contact; setting the same again records nothing', () => {
    const events = supportContactsDecider.decide(
      { type: 'SetGroupContact', data: { group: 'ukIe', phone: '+44 20 7946 0000', email: 'Help@Provider.test' } },
      supportContactsDecider.initialState,
      ctx(),
    );
    expect(events).toEqual([{ type: 'SUPPORT_GROUP_CONTACT_SET', data: { group: 'ukIe', phone: '+44 20 7946 0000', email: 'help@provider.test' } }]);
    const state = fold(events);
    expect(
      supportContactsDecider.decide({ type: 'SetGroupContact', data: { group: 'ukIe', phone: '+44 20 7946 0000', email: 'help@provider.test' } }, state, ctx()),
    ).toEqual([]);
    const view = supportContactsView(state);
    expect(supportContactFor(view, 'uk')).toMatchObject({ group: 'ukIe', phone: '+44 20 7946 0000', email: 'help@provider.test' });
    expect(supportContactFor(view, 'de')).toMatchObject({ group: 'dach', phone: null, email: null });
    expect(supportContactsFor(view, ['de', 'uk', 'at', 'ie']).map((c) => c.group)).toEqual(['ukIe', 'dach']);
  });
});
