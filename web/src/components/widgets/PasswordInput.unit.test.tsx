import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { PasswordInput } from './PasswordInput';

function Harness() {
  const [value, setValue] = useState('');
  return <PasswordInput label="New password" value={value} onChange={setValue} required />;
}

describe('PasswordInput', () => {
  const type = (value: string) => {
    const input = screen.getByLabelText(/New password/);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  it('says required, too short, too weak', () => {
    renderWithProviders(<Harness />);
    type('');
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    type('abc1');
    expect(screen.getByText('The password must have at least 8 characters.')).toBeInTheDocument();
    type('abcdefgh');
    expect(screen.getByText('The password is too weak: use letters and at least one number.')).toBeInTheDocument();
  });
  it('rates a password with all four kinds as strong', () => {
    renderWithProviders(<Harness />);
    type('Abcdefg1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('good');
    type('Abcdef1!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('strong');
  });
});
