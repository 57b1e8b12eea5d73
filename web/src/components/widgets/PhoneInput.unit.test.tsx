import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { PhoneInput } from './PhoneInput';

describe('PhoneInput', () => {
  it('emits E.164 for a national number in the user country (uk → gb)', () => {
    const onChange = jest.fn();
    renderWithProviders(<PhoneInput label="Phone" value="" onChange={onChange} defaultCountry="uk" />);
    expect(screen.getByRole('combobox', { name: 'Country calling code' })).toHaveValue('GB +44');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '020 7946 0018' } });
    expect(onChange).toHaveBeenLastCalledWith('+442079460018', true);
  });
  it('defaults to de and reports invalid numbers after blur, in the terms of the chosen country; empty is valid', () => {
    const onChange = jest.fn();
    renderWithProviders(<PhoneInput label="Phone" value="" onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Country calling code' })).toHaveValue('DE +49');
    const input = screen.getByLabelText('Phone');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('12', false);
    expect(screen.getByText('This is no valid phone number in Germany (+49). Type it as it is dialled there, or with the country code.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('', true);
  });
});
