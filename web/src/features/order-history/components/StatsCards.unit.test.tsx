import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { StatsCards } from './StatsCards';

const stats = { total: 9, byStatus: { REQUESTED_QUOTE: 3, REOPENED: 1, OFFERED: 2, DELETED: 3 } };

describe('the order history stats cards', () => {
  it('count each status group and filter by its statuses', () => {
    const onSelect = jest.fn();
    renderWithProviders(<StatsCards stats={stats} loading={false} selected={['OFFERED']} onSelect={onSelect} />);
    expect(within(screen.getByTestId('stats-card-all')).getByTestId('stats-count')).toHaveTextContent('9');
    expect(within(screen.getByTestId('stats-card-requests')).getByTestId('stats-count')).toHaveTextContent('4');
    expect(within(screen.getByTestId('stats-card-jobs')).getByTestId('stats-count')).toHaveTextContent('0');
    expect(screen.getByTestId('stats-card-offers')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stats-card-requests')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('stats-card-requests'));
    expect(onSelect).toHaveBeenCalledWith(['REQUESTED_QUOTE', 'REOPENED']);
    fireEvent.click(screen.getByTestId('stats-card-all'));
    expect(onSelect).toHaveBeenLastCalledWith([]);
  });

  it('shows skeletons while the counts load', () => {
    renderWithProviders(<StatsCards stats={undefined} loading selected={[]} onSelect={() => undefined} />);
    expect(screen.queryAllByTestId('stats-count')).toHaveLength(0);
  });
});
