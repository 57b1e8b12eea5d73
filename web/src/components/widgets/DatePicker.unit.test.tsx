import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import type { DateRange } from './calendar';
import { DatePicker } from './DatePicker';
import { DateRangePicker } from './DateRangePicker';

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

function RangeHarness({ initial, onChange }: { initial: DateRange; onChange: (r: DateRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker
      label="Period"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateRangePicker', () => {
  const day = (offset: number) => document.querySelector(`[data-date="${iso(offset)}"]`) as HTMLElement;
  it('takes from, then to (swapped when earlier)', async () => {
    const onChange = jest.fn();
    renderWithProviders(<RangeHarness initial={{ from: null, to: null }} onChange={onChange} />);
    await userEvent.click(screen.getByTestId('date-range-button'));
    await waitFor(() => expect(day(3)).not.toBeNull());
    await userEvent.click(day(3));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(day(1));
    expect(onChange).toHaveBeenLastCalledWith({ from: iso(1), to: iso(3) });
  });
  it('restores the previous range when closed with only a start', async () => {
    const onChange = jest.fn();
    const initial = { from: iso(1), to: iso(2) };
    renderWithProviders(<RangeHarness initial={initial} onChange={onChange} />);
    const button = screen.getByTestId('date-range-button');
    const before = button.textContent;
    await userEvent.click(button);
    await waitFor(() => expect(day(4)).not.toBeNull());
    await userEvent.click(day(4));
    expect(button.textContent).not.toBe(before);
    await userEvent.click(button);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('date-range-button').textContent).toBe(before);
  });
});
