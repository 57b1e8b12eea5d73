import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { UserMenu } from './UserMenu';

const user = { firstName: 'Ada', lastName: 'Keller', email: 'ada@example.com', companyName: 'Keller GmbH' };
const entries = [{ key: 'logout', label: 'actions.logout', to: '' }];

describe('UserMenu before its menu has loaded', () => {
  it('opens the menu on a press whose release never reaches the same button', async () => {
    renderWithProviders(<UserMenu user={user} entries={entries} onLogout={jest.fn()} />);
    // The press alone: the button it landed on is drawn anew before the release, so no click event follows. The menu
    // is drawn only while open (Mantine does not keep it mounted); jsdom runs no transition, so it is not 'visible'.
    fireEvent.mouseDown(screen.getByRole('button', { name: /Ada Keller/ }));
    expect(await screen.findByTestId('menu-logout', {}, { timeout: 5_000 })).toHaveTextContent('Log out');
    expect(screen.getByTestId('user-menu')).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the menu from the keyboard too', async () => {
    renderWithProviders(<UserMenu user={user} entries={entries} onLogout={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /Ada Keller/ }));
    expect(await screen.findByTestId('menu-logout', {}, { timeout: 5_000 })).toHaveTextContent('Log out');
    expect(screen.getByTestId('user-menu')).toHaveAttribute('aria-expanded', 'true');
  });
});
