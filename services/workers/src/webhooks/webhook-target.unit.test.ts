import { checkWebhookTarget } from './webhook-target.js';

const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('where a webhook may point', () => {
  it('accepts https to a name that resolves to public addresses only', async () => {
    const target = await checkWebhookTarget('https://erp.example.com/hooks', {
      allowLoopback: false,
      resolve: resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    });
    expect(target.ok).toBe(true);
  });

  it.each([
    ['a private address among public ones', ['93.184.215.14', '10.0.0.7']],
    ['link-local (cloud metadata)', ['169.254.169.254']],
    ['carrier-grade NAT', ['100.64.1.1']],
    ['unique-local IPv6', ['fd00::1']],
    ['link-local IPv6', ['fe80::1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['NAT64 of a private address', ['64:ff9b::c0a8:0101']],
    ['the unspecified address', ['0.0.0.0']],
  ])('refuses a name resolving to %s', async (_what, addresses) => {
    // Refused even where loopback is allowed (development), except the loopback case itself.
    const allowLoopback = !addresses.includes('::ffff:127.0.0.1');
    const target = await checkWebhookTarget('https://erp.example.com/hooks', { allowLoopback, resolve: resolvingTo(...addresses) });
    expect(target).toEqual({ ok: false, message: expect.stringMatching(/private, loopback or link-local/) });
  });

  it('allows loopback, and http to loopback only, where the policy allows it', async () => {
    expect((await checkWebhookTarget('http://127.0.0.1:4000/x', { allowLoopback: true })).ok).toBe(true);
    expect((await checkWebhookTarget('https://127.0.0.1:4000/x', { allowLoopback: false })).ok).toBe(false);
    expect((await checkWebhookTarget('http://erp.example.com/x', { allowLoopback: true, resolve: resolvingTo('93.184.215.14') })).ok).toBe(false);
  });

  it('refuses a host that does not resolve', async () => {
    const target = await checkWebhookTarget('https://nowhere.invalid/x', {
      allowLoopback: false,
      resolve: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(target).toEqual({ ok: false, message: expect.stringMatching(/cannot be resolved/) });
  });
});
