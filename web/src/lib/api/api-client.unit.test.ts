import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { z } from 'zod';
import { ApiError, apiRequest, errorMessage, messageOf, setApiNavigator } from './api-client';
import { tokenStore } from '../session/token-store';
import { runServerPageScript, signedInForServerPageScript } from '../../test/server-page-script';

type Reply = { status: number; body?: unknown };

function mockFetch(...replies: Reply[]) {
  const fetchMock = jest.fn(async () => {
    const reply = replies.shift() ?? { status: 500 };
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const shownMessages = () => notificationsStore.getState().notifications.map((n) => String(n.message));

describe('api client', () => {
  const navigate = jest.fn();

  beforeEach(() => {
    localStorage.clear();
    cleanNotifications();
    navigate.mockReset();
    setApiNavigator(navigate);
    window.history.replaceState({}, '', '/en/my-service-orders');
  });

  it('posts JSON with the bearer token and unwraps { data }', async () => {
    tokenStore.set('abc');
    const fetchMock = mockFetch({ status: 200, body: { data: { items: [1, 2] } } });

    await expect(apiRequest('/order/list', { body: { page: 1 } })).resolves.toEqual({ items: [1, 2] });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/order/list',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ page: 1 }),
        headers: expect.objectContaining({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('sends GET without a body and without a token when signed out', async () => {
    const fetchMock = mockFetch({ status: 200, body: { data: { segments: [] } } });
    await apiRequest('/catalogue', { method: 'GET' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('a query cancelled while its body arrives is rejected quietly, not reported as an unexpected answer', async () => {
    const controller = new AbortController();
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      text: async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    })) as unknown as typeof fetch;
    await expect(apiRequest('/order/list', { schema: z.object({ items: z.array(z.number()) }), signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(shownMessages()).toEqual([]);
  });

  it('a connection lost while the body arrives is a network error', async () => {
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      text: async () => Promise.reject(new TypeError('network error')),
    })) as unknown as typeof fetch;
    await expect(apiRequest('/order/list', { schema: z.object({ items: z.array(z.number()) }) })).rejects.toMatchObject({ code: 'network_error' });
  });

  it('stores a token found in a response', async () => {
    mockFetch({ status: 200, body: { data: { profile: {} }, token: 'fresh-token' } });
    await apiRequest('/log-in', { body: { email: 'a@b.c', password: 'x' } });
    expect(localStorage.getItem('onsite.token')).toBe('fresh-token');
  });

  it('validates the data with a schema and reports a mismatch as invalid_response', async () => {
    mockFetch({ status: 200, body: { data: { refId: 42 } } });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('/order/getByRefId', { schema: z.object({ refId: z.string() }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(shownMessages()).toEqual(['The server sent an unexpected answer. Please try again later.']);
  });

  it('on 401 clears the session, says so and goes to login with a way back', async () => {
    tokenStore.set('stale');
    window.history.replaceState({}, '', '/de/order/Q-1001?tab=events');
    mockFetch({ status: 401, body: { error: 'session_expired', message: 'Session expired' } });

    await expect(apiRequest('/order/getByRefId', { body: { refId: 'Q-1001' } })).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem('onsite.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/de/login?redirect=%2Fde%2Forder%2FQ-1001%3Ftab%3Devents');
    expect(shownMessages()).toEqual(['Your session has expired. Please log in again.']);
  });

  it('says "session expired" once when several calls fail with 401 together', async () => {
    tokenStore.set('stale');
    mockFetch({ status: 401, body: { error: 'session_expired' } }, { status: 401, body: { error: 'session_expired' } });
    await Promise.allSettled([apiRequest('/a'), apiRequest('/b')]);
    expect(shownMessages()).toHaveLength(1);
  });

  it('does not redirect from the login page itself', async () => {
    tokenStore.set('stale');
    window.history.replaceState({}, '', '/en/login');
    mockFetch({ status: 401, body: { error: 'session_expired' } });
    await expect(apiRequest('/user/getProfile')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns an error body into an ApiError with status, code, message and details', async () => {
    mockFetch({
      status: 400,
      body: { error: 'validation_error', message: 'Invalid', details: [{ path: ['location', 'city'], code: 'too_small', message: 'Required' }] },
    });
    const error = await apiRequest('/order/create').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Invalid',
      details: [{ path: 'location.city', code: 'too_small', message: 'Required' }],
    });
  });

  it('notifies with the translation of error.<code> when there is one', async () => {
    mockFetch({ status: 409, body: { error: 'version_conflict', message: 'Stale version' } });
    await expect(apiRequest('/order/submit')).rejects.toMatchObject({ code: 'version_conflict' });
    expect(shownMessages()).toEqual(['Someone else changed this order in the meantime. Please reload it and try again.']);
  });

  it('falls back to the default error text for an unknown code or an empty body', async () => {
    mockFetch({ status: 418, body: { error: 'no_such_code', message: 'Teapot' } }, { status: 502 });
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: 'no_such_code' });
    await expect(apiRequest('/b')).rejects.toMatchObject({ status: 502, code: 'server_error' });
    expect(shownMessages()).toEqual(['An error occurred. Please try again later.', 'An error occurred on the server. Please try again later.']);
  });

  it('stays quiet for error codes the caller shows itself', async () => {
    mockFetch({ status: 400, body: { error: 'invalid_credentials', message: 'Wrong' } });
    await expect(apiRequest('/log-in', { handledErrors: ['invalid_credentials'] })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(shownMessages()).toEqual([]);
  });

  it('reports an unreachable server as network_error', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(shownMessages()).toEqual(['The server cannot be reached. Please check your connection.']);
  });

  it('names the reason of a refusal when the api gives one, else says no access', async () => {
    mockFetch({
      status: 403,
      body: { error: 'forbidden', message: 'Auditors may read, not change anything.', details: [{ path: '', code: 'read_only', message: 'x' }] },
    });
    await expect(apiRequest('/admin/user/invite')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(shownMessages()).toEqual(['Your role can read everything here but not change anything.']);
    expect(messageOf(new ApiError(403, 'forbidden', '', [{ path: '', code: 'act_on_behalf', message: '' }]))).toBe(
      'Staff place orders for a customer: choose the customer to act for first.',
    );
    expect(messageOf(new ApiError(403, 'forbidden', ''))).toBe('You do not have access to this order.');
    // A field's detail is no reason of the refusal.
    expect(messageOf(new ApiError(403, 'forbidden', '', [{ path: 'email', code: 'read_only', message: '' }]))).toBe('You do not have access to this order.');
  });

  it('never uses a code with key syntax as a translation path', () => {
    expect(errorMessage('notification.defaultError')).toBe('An error occurred. Please try again later.');
    expect(errorMessage('not_found')).toBe('This item does not exist or is not visible to you.');
  });
});

describe('api client: the answers the server page asked for early (D102, public/server-page.js)', () => {
  const listBody = { page: 1, pageSize: 10, filter: {} };
  const early = [
    { path: '/user/getProfile', body: {} },
    { path: '/order/list', body: listBody },
  ];

  /** The server's page as the browser runs it: its meta in <head>, then the script. */
  function openServerPage({ actingFor }: { actingFor?: string } = {}) {
    if (actingFor) localStorage.setItem('onsite.onBehalfOf', actingFor);
    runServerPageScript(early);
  }

  signedInForServerPageScript();

  it('sends the listed requests with the session; the same request takes its answer once, the next asks the api', async () => {
    const fetchMock = mockFetch(
      { status: 200, body: { data: { name: 'Kim' } } },
      { status: 200, body: { data: { items: ['early'] } } },
      { status: 200, body: { data: { items: ['asked'] } } },
    );
    openServerPage();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/order/list',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(listBody), headers: expect.objectContaining({ Authorization: 'Bearer abc' }) }),
    );
    await expect(apiRequest('/order/list', { body: listBody })).resolves.toEqual({ items: ['early'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(apiRequest('/order/list', { body: listBody })).resolves.toEqual({ items: ['asked'] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('another body, another session or an answer older than 10 s: the api is asked', async () => {
    const fetchMock = mockFetch(...Array.from({ length: 5 }, () => ({ status: 200, body: { data: { items: ['asked'] } } })));
    const now = jest.spyOn(performance, 'now').mockReturnValue(1_000);
    openServerPage();
    await expect(apiRequest('/order/list', { body: { ...listBody, page: 2 } })).resolves.toEqual({ items: ['asked'] });
    tokenStore.set('another token');
    await expect(apiRequest('/order/list', { body: listBody })).resolves.toEqual({ items: ['asked'] });
    tokenStore.set('abc');
    now.mockReturnValue(11_001);
    await expect(apiRequest('/user/getProfile', { body: {} })).resolves.toEqual({ items: ['asked'] });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('nothing is sent early for a staff member acting for a customer', () => {
    const fetchMock = mockFetch();
    openServerPage({ actingFor: JSON.stringify({ userId: 'u-9', name: 'Kim' }) });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.onsiteEarlyRequests).toBeUndefined();
  });

  it('an early request that failed is asked again', async () => {
    const answers = [Promise.reject(new TypeError('Failed to fetch')), Promise.reject(new TypeError('Failed to fetch'))];
    globalThis.fetch = jest.fn(
      () =>
        answers.shift() ?? Promise.resolve({ ok: true, status: 200, text: async () => JSON.stringify({ data: { items: ['asked'] } }) } as unknown as Response),
    ) as unknown as typeof fetch;
    openServerPage();
    await expect(apiRequest('/order/list', { body: listBody })).resolves.toEqual({ items: ['asked'] });
    expect(globalThis.fetch).toHaveBeenCalledTimes(3);
  });
});
