import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import type { Order } from '../../api/get-order';
import { ToolsBlock } from './OrderBlocks';

const order = (type: string, tools: Order['tools']) => ({ type, tools }) as unknown as Order;

describe('ToolsBlock (the two tools panels)', () => {
  it('shows what the customer provides and what the technicians bring on an order', () => {
    renderWithProviders(<ToolsBlock order={order('order', { byCustomer: 'Crane and forklift', byProvider: null })} />);
    expect(screen.getByRole('heading', { name: 'Tools provided by the customer' })).toBeInTheDocument();
    expect(screen.getByText('Crane and forklift')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tools the technicians bring' })).toBeInTheDocument();
    expect(screen.getByText('No tools required.')).toBeInTheDocument();
  });

  it('is not there for a quote request, nor when nothing is said about tools', () => {
    const { container } = renderWithProviders(<ToolsBlock order={order('quote', { byCustomer: 'Crane', byProvider: 'Laser tracker' })} />);
    expect(container.querySelector('section')).toBeNull();
    const empty = renderWithProviders(<ToolsBlock order={order('order', { byCustomer: null, byProvider: null })} />);
    expect(empty.container.querySelector('section')).toBeNull();
  });
});
