import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { AmountStepper } from './AmountStepper';

describe('AmountStepper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('never goes below 0 and emits 400 ms after the last change', () => {
    const onChange = jest.fn();
    renderWithProviders(<AmountStepper label="Quantity" value={0} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    act(() => jest.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(2);
  });
  it('allows negatives when asked', () => {
    const onChange = jest.fn();
    renderWithProviders(<AmountStepper label="Correction" value={0} onChange={onChange} allowNegative />);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease' }));
    act(() => jest.advanceTimersByTime(400));
    expect(onChange).toHaveBeenCalledWith(-1);
  });
});
