import { renderWithProviders } from '../../../test/render';
import type { OrderEvent } from '../api/get-order';
import { EventsTable } from './EventsTable';

const person = { _id: 'u-1', name: 'Lena Vogt' };
const at = '2026-03-02T09:15:00.000Z';
const event = (id: string, name: string, timestamp: string, extra: Partial<OrderEvent> = {}) =>
  ({ _id: id, event: name, status: 'REQUESTED_QUOTE', previousStatus: null, timestamp, author: person, onBehalfOf: null, ...extra }) as unknown as OrderEvent;

describe('EventsTable', () => {
  it('lists the events newest first in the order of the stream, also those of the same instant', () => {
    // As the api sends them: in the order they happened; the last three share an instant (one seed step, one minute).
    const events = [event('1', 'CREATE', '2026-03-01T08:00:00.000Z'), event('2', 'GET_QUOTE', at), event('3', 'OFFER', at), event('4', 'ACCEPT_OFFER', at)];
    const { container } = renderWithProviders(<EventsTable events={events} staff />);
    const rows = [...container.querySelectorAll('[data-testid="event-row"]')].map((row) => row.getAttribute('data-event'));
    expect(rows).toEqual(['ACCEPT_OFFER', 'OFFER', 'GET_QUOTE', 'CREATE']);
  });

  it('shows what was written with an event; the internal comment only to staff', () => {
    const events = [event('1', 'DECLINE', at, { externalComment: 'No technician is free.', internalComment: 'Team fully booked.' })];
    const staff = renderWithProviders(<EventsTable events={events} staff />);
    expect(staff.getByText('No technician is free.')).toBeInTheDocument();
    expect(staff.getByText('Team fully booked.')).toBeInTheDocument();
    staff.unmount();
    const customer = renderWithProviders(<EventsTable events={events} staff={false} />);
    expect(customer.getByText('No technician is free.')).toBeInTheDocument();
    expect(customer.queryByText('Team fully booked.')).toBeNull();
  });

  it('says which API token caused an event (D211)', () => {
    const events = [event('1', 'GET_QUOTE', at, { viaApiToken: { id: 't-1', name: 'SAP maintenance' } }), event('2', 'CREATE', at)];
    const view = renderWithProviders(<EventsTable events={events} staff={false} />);
    expect(view.getAllByTestId('via-api-token').map((node) => node.textContent)).toEqual(['via API token SAP maintenance']);
  });
});
