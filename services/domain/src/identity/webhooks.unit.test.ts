import type { Actor } from './actor.js';
import {
  canManageWebhooks,
  webhookDecider,
  webhookMessageOf,
  webhookUrlProblem,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_SOURCE_EVENTS,
  type WebhookCommand,
  type WebhookState,
} from './webhooks.js';

const NOW = '2026-12-03T10:00:00.000Z';
const actor = (type: Actor['type'], role: Actor['role'], companyId = 'c1', extra: Partial<Actor> = {}): Actor =>
  ({ userId: 'u1', companyId, type, role, country: 'de', ...extra }) as Actor;
const ctx = (a: Actor) => ({ actor: a, now: NOW, newId: () => 'x' });
const admin = actor('EC', 'ADMIN');
const register = (data: Partial<Extract<WebhookCommand, { type: 'RegisterWebhook' }>['data']> = {}): WebhookCommand => ({
  type: 'RegisterWebhook',
  data: { id: 'w1', url: 'https://erp.example.com/hooks', kinds: ['job.completed', 'offer.made'], ...data },
  facts: { companyId: 'c1' },
});
const run = (commands: WebhookCommand[], by: Actor = admin): WebhookState =>
  commands.reduce((state, command) => webhookDecider.decide(command, state, ctx(by)).reduce(webhookDecider.evolve, state), webhookDecider.initialState);

describe('a webhook endpoint (D215)', () => {
  it('is registered by a company administrator with its kinds in the catalogue order', () => {
    const [event] = webhookDecider.decide(register({ replayFrom: '2026-11-01T00:00:00+01:00' }), webhookDecider.initialState, ctx(admin));
    expect(event).toEqual({
      type: 'WEBHOOK_REGISTERED',
      data: {
        webhook: {
          id: 'w1',
          companyId: 'c1',
          url: 'https://erp.example.com/hooks',
          kinds: ['offer.made', 'job.completed'],
          replayFrom: '2026-10-31T23:00:00.000Z',
        },
      },
    });
  });

  it('is refused to everyone but administrators of the company, staff administrators and no API token', () => {
    for (const who of [
      actor('EC', 'PLANNER'),
      actor('OEM', 'ADMIN', 'c2'),
      actor('BL', 'SALES'),
      actor('EC', 'ADMIN', 'c1', { viaApiToken: { id: 't', name: 'ERP' } }),
    ]) {
      expect(() => webhookDecider.decide(register(), webhookDecider.initialState, ctx(who))).toThrow(expect.objectContaining({ code: 'forbidden' }));
    }
    expect(canManageWebhooks(actor('BL', 'ADMIN', 'provider'), 'c1')).toBe(true);
    expect(canManageWebhooks(actor('OEM', 'ADMIN', 'c1'), 'c1')).toBe(true);
  });

  it('refuses a replay from the future and an address that is not https', () => {
    expect(() => webhookDecider.decide(register({ replayFrom: '2026-12-04T00:00:00Z' }), webhookDecider.initialState, ctx(admin))).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    expect(webhookUrlProblem('ftp://erp.example.com/', true)).toMatch(/https/);
    expect(webhookUrlProblem('http://erp.example.com/', false)).toMatch(/https/);
    expect(webhookUrlProblem('http://127.0.0.1:4000/', true)).toBeNull();
    expect(webhookUrlProblem('https://user:pw@erp.example.com/', false)).toMatch(/password/);
    expect(webhookUrlProblem('not a url', false)).toMatch(/absolute/);
  });

  it('changes, pauses, resumes, rotates its secret with an overlap, and is removed; another company does not see it', () => {
    let state = run([register()]);
    expect(webhookDecider.canSee!(state, actor('EC', 'ADMIN', 'c2'))).toBe(false);
    expect(webhookDecider.decide({ type: 'ChangeWebhook', data: { kinds: ['offer.made', 'job.completed'] } }, state, ctx(admin))).toEqual([]);
    const [changed] = webhookDecider.decide({ type: 'ChangeWebhook', data: { kinds: ['order.cancelled'] } }, state, ctx(admin));
    expect(changed).toEqual({ type: 'WEBHOOK_CHANGED', data: { id: 'w1', url: 'https://erp.example.com/hooks', kinds: ['order.cancelled'] } });
    state = run([register(), { type: 'PauseWebhook', data: { reason: 'failing' } }]);
    expect(state.paused).toBe('failing');
    expect(webhookDecider.decide({ type: 'PauseWebhook', data: { reason: 'manual' } }, state, ctx(admin))).toEqual([]);
    expect(webhookDecider.decide({ type: 'ResumeWebhook' }, state, ctx(admin))).toEqual([{ type: 'WEBHOOK_RESUMED', data: { id: 'w1' } }]);
    expect(webhookDecider.decide({ type: 'RotateWebhookSecret', data: { overlapHours: 24 } }, state, ctx(admin))).toEqual([
      { type: 'WEBHOOK_SECRET_ROTATED', data: { id: 'w1', previousSecretUntil: '2026-12-04T10:00:00.000Z' } },
    ]);
    expect(() => webhookDecider.decide({ type: 'RotateWebhookSecret', data: { overlapHours: 500 } }, state, ctx(admin))).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    const removed = run([register(), { type: 'RemoveWebhook' }]);
    expect(() => webhookDecider.decide({ type: 'ResumeWebhook' }, removed, ctx(admin))).toThrow(expect.objectContaining({ code: 'webhook_not_found' }));
    expect(() => webhookDecider.decide({ type: 'RemoveWebhook' }, state, ctx(actor('EC', 'PLANNER')))).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});

describe('the message of an event', () => {
  const order = { orderId: 'o1', refId: 'ON-26-ABC', companyId: 'c1' };
  // Every field an order event may carry that a customer's system must never get.
  const secretive = {
    offerId: 'off-1',
    jobId: 'job-1',
    expiresAt: '2026-12-10T10:00:00.000Z',
    internalComment: 'INTERNAL-NOTE',
    comment: 'FREE-TEXT',
    externalComment: 'EXTERNAL-TEXT',
    price: { amount: 987_654, currency: 'EUR' },
    financialInfo: { expectedRevenue: 876_543, probability: 40 },
    margin: 765_432,
    total: 654_321,
    po: { number: 'PO-7', document: { path: 'secret-path.pdf' } },
    billingAddress: { taxNumber: 'TAX-999' },
    team: [{ id: 't1', name: 'Max Huber', phone: '+49-SECRET' }],
    schedule: { from: '2026-12-12T08:00', to: '2026-12-12T16:00' },
    reason: 'REASON-TEXT',
    reasons: ['REASONS-TEXT'],
    recipients: ['planner@example.com'],
  };

  it.each(Object.keys(WEBHOOK_SOURCE_EVENTS))('%s carries no comment, price, margin, total or address', (type) => {
    const message = webhookMessageOf({ eventId: 'e1', type, data: secretive, occurredAt: NOW }, order)!;
    expect(message).toMatchObject({ id: 'e1', kind: WEBHOOK_SOURCE_EVENTS[type], orderId: 'o1', orderRef: 'ON-26-ABC', occurredAt: NOW });
    const body = JSON.stringify(message);
    for (const leak of [
      'INTERNAL',
      'FREE-TEXT',
      'EXTERNAL',
      '987654',
      '876543',
      '765432',
      '654321',
      'secret-path',
      'TAX-999',
      'SECRET',
      'REASON',
      '@example.com',
      'Max Huber',
    ]) {
      expect(body).not.toContain(leak);
    }
    expect(
      Object.keys(message.data).every((key) =>
        ['offerId', 'expiresAt', 'jobId', 'purchaseOrderNumber', 'technicians', 'scheduledFrom', 'scheduledTo'].includes(key),
      ),
    ).toBe(true);
  });

  it('covers every kind and ignores other events', () => {
    expect(new Set(Object.values(WEBHOOK_SOURCE_EVENTS))).toEqual(new Set(WEBHOOK_EVENT_KINDS));
    for (const type of ['COMMENT', 'FINANCIAL_INFO_UPDATED', 'CREATE', 'UPDATE', 'DELETE', 'CHANGE_OWNER', 'BILLED']) {
      expect(webhookMessageOf({ eventId: 'e', type, data: secretive, occurredAt: NOW }, order)).toBeNull();
    }
  });
});
