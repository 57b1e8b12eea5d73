import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './LoginForm';

/** A user profile as the api sends it (the shared UserProfile contract). */
const profile = {
  _id: 'u1',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'ec.admin@demo.onsite.test',
  type: 'EC',
  role: 'ADMIN',
  country: 'de',
  language: 'de',
  company: { _id: 'c1', uid: 'demo', name: 'Demo GmbH', completed: true },
  status: 'ACTIVE',
  title: null,
  phone: null,
  tags: [],
  countriesToOrder: [],
  countriesFilter: [],
  hasKibanaAccess: false,
  dashboardTags: [],
  notificationSettings: { emails: ['ec.admin@demo.onsite.test'], sms: false, whatsapp: false },
  supervisorOnly: false,
  acceptUserLicence: true,
  privacyPolicyAccepted: true,
  emailVerified: true,
  registeredAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

function replyWith(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => ({ ok: status < 300, status, text: async () => JSON.stringify(body) }) as unknown as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function setup() {
  const onSuccess = jest.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return {
    onSuccess,
    user: userEvent.setup(),
    email: () => screen.getByLabelText(/^Email/),
    password: () => screen.getByLabelText(/^Password/),
    submit: () => screen.getByRole('button', { name: 'Log in' }),
  };
}

describe('LoginForm', () => {
  beforeEach(() => {
    localStorage.clear();
    cleanNotifications();
  });

  it('marks both fields as required', () => {
    setup();
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
  });

  it('shows "This field is required." under each empty field and sends nothing', async () => {
    const fetchMock = replyWith(200, {});
    const { user, submit, email, password } = setup();

    await user.click(submit());

    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format and clears errors as they are fixed', async () => {
    const { user, submit, email, password } = setup();

    await user.type(email(), 'not-an-email');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.type(email(), '@example.com');
    await user.type(password(), 'x');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument());
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('says inline that the credentials are wrong, without a notification', async () => {
    replyWith(400, { error: 'invalid_credentials', message: 'Invalid credentials' });
    const { user, submit, email, password, onSuccess } = setup();

    await user.type(email(), 'ec.admin@demo.onsite.test');
    await user.type(password(), 'wrong');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('The user name or password is incorrect.');
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('offers a new verification link when the address is not verified yet, without a notification', async () => {
    const fetchMock = replyWith(403, { error: 'email_not_verified', message: 'Verify your e-mail address first.' });
    const { user, submit, email, password, onSuccess } = setup();

    await user.type(email(), 'new@example.test');
    await user.type(password(), 'Brand-New-1');
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Please confirm your email address' });
    expect(dialog).toHaveTextContent('Your email address has not been verified yet.');
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ data: { sent: true } }) }) as unknown as Response);
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByTestId('verification-resent')).toHaveTextContent('If new@example.test belongs to an account');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/registration/resend-verification');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@example.test' });
  });

  it('logs in: sends the credentials, keeps the token and hands over the profile', async () => {
    const fetchMock = replyWith(200, { data: { profile }, token: 'session-token' });
    const { user, submit, email, password, onSuccess } = setup();

    await user.type(email(), '  ec.admin@demo.onsite.test ');
    await user.type(password(), 'Onsite-demo-1');
    await user.click(submit());

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Erika', type: 'EC' })));
    expect(localStorage.getItem('onsite.token')).toBe('session-token');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log-in');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ec.admin@demo.onsite.test', password: 'Onsite-demo-1' });
  });
});
