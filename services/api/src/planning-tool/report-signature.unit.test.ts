import { checkSignature, reportCausationId, signReport } from './report-signature.js';

const SECRET = 'a-shared-secret-of-at-least-32-chars!';
const body = Buffer.from('{"reportId":"r-1","step":"PLANNED"}');
const now = Date.UTC(2026, 10, 24, 12, 0, 0);
const t = now / 1000;

describe('planning-tool report signatures', () => {
  it('accepts a report signed with the shared secret within the time window', () => {
    expect(checkSignature(SECRET, signReport(SECRET, t, body), body, now)).toEqual({ ok: true });
    expect(checkSignature(SECRET, signReport(SECRET, t - 299, body), body, now)).toEqual({ ok: true });
  });

  it('refuses another secret, a changed body, a missing or malformed header', () => {
    expect(checkSignature(SECRET, signReport('another-secret-of-at-least-32-chars!!', t, body), body, now)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(checkSignature(SECRET, signReport(SECRET, t, body), Buffer.from(`${body} `), now)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(checkSignature(SECRET, undefined, body, now)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(checkSignature(SECRET, 't=abc,v1=00', body, now)).toEqual({ ok: false, reason: 'invalid_signature' });
    // The timestamp is signed too: moving it invalidates the signature.
    const moved = signReport(SECRET, t, body).replace(`t=${t}`, `t=${t + 1}`);
    expect(checkSignature(SECRET, moved, body, now)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('refuses another spelling of the timestamp (leading zeros) without throwing, whatever the MAC', () => {
    const signed = signReport(SECRET, 99, body);
    expect(checkSignature(SECRET, signed.replace('t=99', 't=0099'), body, 99_000)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(checkSignature(SECRET, `t=0099,v1=${'ab'.repeat(32)}`, body, 99_000)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(checkSignature(SECRET, `t=00,v1=${'0'.repeat(64)}`, body, 0)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('refuses a correctly signed report outside five minutes either way', () => {
    expect(checkSignature(SECRET, signReport(SECRET, t - 301, body), body, now)).toEqual({ ok: false, reason: 'stale_report' });
    expect(checkSignature(SECRET, signReport(SECRET, t + 301, body), body, now)).toEqual({ ok: false, reason: 'stale_report' });
  });

  it('ties the causation id to the report id and the exact body', () => {
    expect(reportCausationId('r-1', body)).toBe(reportCausationId('r-1', Buffer.from(body)));
    expect(reportCausationId('r-1', body)).not.toBe(reportCausationId('r-1', Buffer.from('{}')));
    expect(reportCausationId('r-1', body).startsWith('planning-report:r-1:')).toBe(true);
  });
});
