import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { SearchInput } from './SearchInput';

describe('SearchInput', () => {
  afterEach(() => jest.useRealTimers());
  it('emits on every change without debounce', () => {
    const onChange = jest.fn();
    renderWithProviders(<SearchInput label="Search orders" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'Q-1' } });
    expect(onChange).toHaveBeenCalledWith('Q-1');
  });
  it('emits once, 650 ms after typing stops, when debounced', () => {
    jest.useFakeTimers();
    const onChange = jest.fn();
    renderWithProviders(<SearchInput label="Search orders" value="" onChange={onChange} debounced />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Q' } });
    act(() => jest.advanceTimersByTime(400));
    fireEvent.change(box, { target: { value: 'Q-10' } });
    act(() => jest.advanceTimersByTime(649));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('Q-10');
  });
});
