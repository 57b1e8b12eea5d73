import { runServerPageScript, signedInForServerPageScript } from '../test/server-page-script';
import { apiRequest } from './api/api-client';

/**
 * public/server-page.js on the server's 'my service orders' (D103): when the early answers (D102) show an empty list, the
 * page's own drawing of it for this user replaces the loading rows; the answers stay the console's to read.
 */
describe('the server page draws an empty list from its early answers (D103, public/server-page.js)', () => {
  const listBody = { page: 1, pageSize: 10, filter: { status: ['REQUESTED_QUOTE'] } };
  const everyBody = { page: 1, pageSize: 10, filter: {} };
  const early = [
    { path: '/user/getProfile', body: {}, kind: 'profile' },
    { path: '/order/list', body: listBody, kind: 'list' },
    { path: '/order/list', body: everyBody, kind: 'every-status' },
  ];
  const customer = { type: 'EC', role: 'ADMIN', country: 'uk', acceptUserLicence: true, privacyPolicyAccepted: true };
  const PAGE = [
    '<div id="server-page" data-for="signed-in" inert><main id="main">loading rows</main>',
    '<template data-when="EC ADMIN,EC PLANNER" data-countries="uk us">no service orders yet</template>',
    '<template data-when="EC ADMIN" data-countries="de at">keine Serviceaufträge</template>',
    '</div><div id="root"></div>',
  ].join('');
  const page = (total: number, totalCapped = false) => ({ items: [], total, totalCapped, page: 1, pageSize: 10 });

  /** The api's answers by request body, as fetch responses whose body can be read once (a copy once more). */
  function answer(answers: { profile?: unknown; list?: unknown; every?: unknown; status?: number }) {
    const bodyFor = (body: string) => (body === '{}' ? answers.profile : body === JSON.stringify(listBody) ? answers.list : answers.every);
    const response = (status: number, data: unknown): Response => {
      const text = JSON.stringify({ data });
      return {
        ok: status < 300,
        status,
        text: async () => text,
        json: async () => JSON.parse(text),
        clone: () => response(status, data),
      } as unknown as Response;
    };
    const fetchMock = jest.fn(async (_url: string, init: { body: string }) => response(answers.status ?? 200, bodyFor(init.body)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    return fetchMock;
  }

  /** The server's page as the browser runs it: the early requests' meta, the page with its drawings, then the script. */
  async function openServerPage(body = PAGE) {
    runServerPageScript(early, body);
    // The answers, their copies and the drawing: a few turns of the event loop.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
  const main = () => document.querySelector('#server-page main')?.textContent;

  signedInForServerPageScript();

  it('an empty list: the drawing for this user replaces the loading rows, and the console still reads every answer', async () => {
    answer({ profile: customer, list: page(0), every: page(0) });
    await openServerPage();
    expect(main()).toBe('no service orders yet');
    await expect(apiRequest('/order/list', { body: listBody })).resolves.toEqual(page(0));
    await expect(apiRequest('/user/getProfile', { body: {} })).resolves.toEqual(customer);
  });

  it('another role of the same drawing gets it; orders the status filter hides are not drawn (the console says how many)', async () => {
    answer({ profile: { ...customer, role: 'PLANNER' }, list: page(0), every: page(0) });
    await openServerPage();
    expect(main()).toBe('no service orders yet');

    answer({ profile: customer, list: page(0), every: page(3) });
    await openServerPage();
    expect(main()).toBe('loading rows');

    answer({ profile: customer, list: page(0), every: page(1001, true) });
    await openServerPage();
    expect(main()).toBe('loading rows');
  });

  it("the users of another country get their language's drawing, on that page only", async () => {
    answer({ profile: { ...customer, country: 'de' }, list: page(0), every: page(0) });
    await openServerPage();
    expect(main()).toBe('keine Serviceaufträge');

    answer({ profile: { ...customer, country: 'br' }, list: page(0), every: page(0) });
    await openServerPage();
    expect(main()).toBe('loading rows');
  });

  it('nothing is drawn for a list with orders, a user with no drawing, agreements to accept, staff acting, or a failed answer', async () => {
    const cases = [
      { profile: customer, list: page(2), every: page(2) },
      { profile: { ...customer, type: 'BL' }, list: page(0), every: page(0) },
      { profile: { ...customer, privacyPolicyAccepted: false }, list: page(0), every: page(0) },
      { profile: { ...customer, blUser: { type: 'BL' } }, list: page(0), every: page(0) },
      { profile: customer, list: page(0), every: page(0), status: 500 },
    ];
    for (const answers of cases) {
      answer(answers);
      await openServerPage();
      expect(main()).toBe('loading rows');
    }
  });

  it('not once the console has drawn its own page', async () => {
    answer({ profile: customer, list: page(0), every: page(0) });
    await openServerPage('<div id="root"><main id="main">the console\'s list</main></div>');
    expect(document.querySelector('main')?.textContent).toBe("the console's list");
  });
});
