import { createEvent, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { clamp, isNumericPaste, sanitizeNumberText } from './number';
import { NumberTextInput } from './NumberTextInput';

describe('number text rules', () => {
  it('keeps digits, one separator and a leading minus only when allowed', () => {
    expect(sanitizeNumberText('1a2.3.4')).toBe('1234');
    expect(sanitizeNumberText('1a2.3.4', { allowDecimal: true })).toBe('12.34');
    expect(sanitizeNumberText('-1,5', { allowDecimal: true })).toBe('1,5');
    expect(sanitizeNumberText('-1,5', { allowDecimal: true, allowNegative: true })).toBe('-1,5');
    expect(sanitizeNumberText('1-2', { allowNegative: true })).toBe('12');
  });
  it('takes numeric pastes only and clamps', () => {
    expect(isNumericPaste('42')).toBe(true);
    expect(isNumericPaste('4x2')).toBe(false);
    expect(isNumericPaste('')).toBe(false);
    expect(clamp(12, 0, 10)).toBe(10);
    expect(clamp(-3, 0)).toBe(0);
  });
});

describe('NumberTextInput', () => {
  it('filters typing, blocks a non-numeric paste and clamps on blur', () => {
    const onChange = jest.fn();
    renderWithProviders(<NumberTextInput label="Technicians" value={null} onChange={onChange} min={1} max={10} />);
    const input = screen.getByLabelText('Technicians');
    fireEvent.change(input, { target: { value: '1x5' } });
    expect(input).toHaveValue('15');
    fireEvent.blur(input);
    expect(input).toHaveValue('10');
    expect(onChange).toHaveBeenLastCalledWith(10);
    const paste = createEvent.paste(input, { clipboardData: { getData: () => 'abc' } });
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(true);
  });
});
