import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { minuteInterval, stepToTime, timesOfDay, timeToStep } from './time';
import { TimePicker } from './TimePicker';

describe('time picker interval', () => {
  afterEach(() => jest.restoreAllMocks());
  it('accepts multiples of 5 that divide 60', () => {
    expect(minuteInterval(undefined)).toBe(5);
    expect(minuteInterval(15)).toBe(15);
    expect(minuteInterval(30)).toBe(30);
    expect(timesOfDay(15)).toHaveLength(96);
    expect(timesOfDay(5)).toHaveLength(288);
  });
  it.each([7, 25, 0, 45, 2.5])('falls back to 5 with a warning for %s', (interval) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(minuteInterval(interval)).toBe(5);
    expect(warn).toHaveBeenCalled();
  });
  it('maps day slider steps to quarter hours', () => {
    expect(stepToTime(36)).toBe('09:00');
    expect(timeToStep('18:00')).toBe(72);
    expect(stepToTime(95)).toBe('23:45');
  });
  it('offers times in the chosen interval', async () => {
    const onChange = jest.fn();
    renderWithProviders(<TimePicker label="From" value={null} onChange={onChange} minuteInterval={30} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'From' }));
    expect(await screen.findAllByRole('option', { hidden: true })).toHaveLength(48);
    fireEvent.click(screen.getByRole('option', { name: '08:30', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('08:30', expect.anything());
  });
});
