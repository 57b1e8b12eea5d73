import { verificationNotice } from './verification';

const q = (query: string) => verificationNotice(new URLSearchParams(query));

describe('the e-mail verification query', () => {
  it('is ignored without verify', () => expect(q('token=x')).toBeNull());
  it("leaves the api's link (verify=1 with a token) to the login page", () => expect(q('verify=1&token=abc')).toBeNull());
  it('says verified', () => expect(q('verify=true&token=abc')).toMatchObject({ kind: 'success', message: 'verification.verified' }));
  it('sends an expired link to login', () => expect(q('verify=false&message=expired')).toMatchObject({ kind: 'warning', toLogin: true }));
  it('warns about token errors and a missing token', () => {
    expect(q('verify=false&message=invalid_token')).toMatchObject({ kind: 'warning', message: 'verification.tokenError' });
    expect(q('verify=false&message=token_not_found')).toMatchObject({ message: 'verification.tokenNotFound' });
  });
  it('reports anything else as not verified', () => expect(q('verify=false')).toMatchObject({ kind: 'error', message: 'verification.notVerified' }));
});
