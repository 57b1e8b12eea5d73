import { cleanNotifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { Component as ForgotPassword } from './forgot-password';

/** The server as the page meets it: one answer per call, recorded. */
function replyWith(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => ({ ok: status < 300, status, text: async () => JSON.stringify(body) }) as unknown as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/:lang/forgot-password', Component: ForgotPassword },
      { path: '/:lang/login', element: <p>login page</p> },
    ],
    {
      initialEntries: ['/en/forgot-password'],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { user: userEvent.setup(), email: () => screen.getByLabelText(/^Email/), submit: () => screen.getByRole('button', { name: 'Send reset link' }) };
}

describe('forgot password', () => {
  beforeEach(() => cleanNotifications());

  it('checks the address before sending anything', async () => {
    const fetchMock = replyWith(200, { data: { sent: true } });
    const { user, email, submit } = setup();
    await user.click(submit());
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await user.type(email(), 'not-an-address');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms neutrally, without saying whether the address has an account', async () => {
    const fetchMock = replyWith(200, { data: { sent: true } });
    const { user, email, submit } = setup();
    await user.type(email(), 'Someone@Example.test');
    await user.click(submit());
    expect(await screen.findByTestId('reset-requested')).toHaveTextContent('If an Onsite account exists for someone@example.test, we have just sent it a link');
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'someone@example.test' });
  });

  it('says to wait when the server throttles (429)', async () => {
    replyWith(429, { error: 'too_many_attempts', message: 'Too many attempts.' });
    const { user, email, submit } = setup();
    await user.type(email(), 'someone@example.test');
    await user.click(submit());
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    expect(screen.queryByTestId('reset-requested')).not.toBeInTheDocument();
  });
});
