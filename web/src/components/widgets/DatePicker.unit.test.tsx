import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { renderWithProviders } from '../../test/render';
import { DatePicker } from './DatePicker';

const iso = (days: number) => DateTime.local().plus({ days }).toISODate()!;

describe('DatePicker', () => {
  it('disables past days and picks a future one', async () => {
    const onChange = jest.fn();
    renderWithProviders(<DatePicker label="Start" value={null} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    await waitFor(() => expect(document.querySelector(`[data-date="${iso(1)}"]`)).not.toBeNull());
    const yesterday = document.querySelector(`[data-date="${iso(-1)}"]`);
    if (yesterday) expect(yesterday).toBeDisabled();
    const tomorrow = document.querySelector(`[data-date="${iso(1)}"]`) as HTMLElement;
    expect(tomorrow).toHaveAttribute('aria-label', DateTime.local().plus({ days: 1 }).setLocale('en-GB').toLocaleString(DateTime.DATE_FULL));
    await userEvent.click(tomorrow);
    expect(onChange).toHaveBeenCalledWith(iso(1));
  });
  it('parses a typed dd/MM/yyyy date on blur', () => {
    const onChange = jest.fn();
    renderWithProviders(<DatePicker label="Start" value={null} onChange={onChange} allowPast />);
    const input = screen.getByLabelText('Start');
    fireEvent.change(input, { target: { value: '05/01/2030' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('2030-01-05');
  });
});
