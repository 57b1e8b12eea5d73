import { cleanNotifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { Component as Registration } from './registration';

type Call = [string, RequestInit];
const CHALLENGE = { challenge: 'v1.server-issued', notBefore: '', expiresAt: '' };

/** The api: the form's anti-robot challenge on GET, this answer to everything else. */
function replyWith(status: number, body: unknown) {
  const answer = (ok: boolean, code: number, payload: unknown) => ({ ok, status: code, text: async () => JSON.stringify(payload) }) as unknown as Response;
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) =>
    url.endsWith('/registration/challenge') && (init?.method ?? 'GET') === 'GET' ? answer(true, 200, { data: CHALLENGE }) : answer(status < 300, status, body),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
/** What the form sent (the challenge it fetched when it opened left out). */
const posts = (fetchMock: jest.Mock) => (fetchMock.mock.calls as unknown as Call[]).filter(([, init]) => init?.method === 'POST');

function setup() {
  const router = createMemoryRouter([{ path: '/:lang/registration', Component: Registration }], { initialEntries: ['/en/registration'] });
  renderWithProviders(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const box = (name: RegExp) => screen.getByRole('textbox', { name });
  return {
    user,
    submit: () => user.click(screen.getByRole('button', { name: 'Register' })),
    async fill(confirmEmail = 'ada@byron.test') {
      // Pasted rather than typed key by key: the form re-validates on each key, which takes seconds per field
      // on a loaded two-core machine, and no rule here depends on the keys one by one.
      const enter = async (field: HTMLElement, text: string) => {
        await user.click(field);
        await user.paste(text);
      };
      await enter(box(/^Company name/), 'Byron Works Ltd');
      await user.click(screen.getByRole('combobox', { name: /^Country\s*\*?$/ }));
      fireEvent.click(await screen.findByRole('option', { name: 'United Kingdom', hidden: true }));
      await enter(box(/^First name/), 'Ada');
      await enter(box(/^Last name/), 'Byron');
      await enter(box(/^Email/), 'ada@byron.test');
      await enter(box(/^Confirm email/), confirmEmail);
      await enter(box(/^Phone/), '07911 123456');
      await enter(screen.getByLabelText(/^Password/), 'Analytical1');
      await enter(screen.getByLabelText(/^Confirm password/), 'Analytical1');
      await user.click(screen.getByRole('checkbox'));
      screen.getByRole('slider').focus();
      await user.keyboard('{ArrowRight}');
    },
  };
}

describe('registration', () => {
  beforeEach(() => cleanNotifications());

  it('says every missing field, the slider still to do, and sends nothing', async () => {
    const fetchMock = replyWith(200, {});
    const { submit } = setup();
    await submit();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByText('Please accept the privacy policy to register.')).toBeInTheDocument();
    expect(screen.getByTestId('robot-missing')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  }, 60_000);

  it('says at once that the e-mail confirmation differs', async () => {
    const fetchMock = replyWith(200, {});
    const { fill, submit } = setup();
    await fill('ada@byron.tes');
    await submit();
    expect(await screen.findByText('The email addresses must be identical.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  }, 60_000);

  it('sends the form, shows an address in use under the e-mail field, and ends with the check-your-e-mail page', async () => {
    const fetchMock = replyWith(409, { error: 'email_used', message: 'in use' });
    const { fill, submit } = setup();
    await fill();
    // The challenge was fetched when the form opened; five seconds later the server takes it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/registration/challenge'))).toBe(true);
    const opened = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => opened + 6_000);
    await submit();
    const alert = await screen.findByTestId('registration-error');
    expect(alert).toHaveTextContent('This email address is already in use. Use another one or contact support.');
    expect(
      within(screen.getByRole('textbox', { name: /^Email/ }).closest('.mantine-InputWrapper-root') as HTMLElement).getByText(/already in use/),
    ).toBeInTheDocument();
    const body = JSON.parse(String(posts(fetchMock)[0]![1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ada@byron.test',
      country: 'uk',
      phone: '+447911123456',
      privacyPolicyAccepted: true,
      antiRobot: { checked: false, challenge: CHALLENGE.challenge },
    });
    expect((body.antiRobot as { startedAt: number }).startedAt).toBeGreaterThan(0);

    fetchMock.mockImplementation(
      async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ data: { userId: 'u1', status: 'CREATED' } }) }) as unknown as Response,
    );
    await submit();
    expect(await screen.findByTestId('registration-done')).toHaveTextContent('We have sent a confirmation link to ada@byron.test.');
    later.mockRestore();
  }, 60_000);
});
