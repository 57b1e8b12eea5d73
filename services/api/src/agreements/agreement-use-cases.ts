import { userDecider, userStreamId, type Agreement } from '@onsite/domain';
import { UserProfileSchema } from '@onsite/contracts';
import { currentLegalVersions, getUser } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { Envelope } from '../common/envelope.js';
import type { AuthContext } from '../common/request-context.js';
import { actorOf } from '../identity/auth.guard.js';
import { profileOf } from '../identity/profile.js';

const user = useCasesOf(userDecider);

/** The signed-in user (the auth guard lets no one else through to these routes). */
const signedIn = ({ auth }: Pick<UseCaseFacts, 'auth'>): AuthContext => {
  if (!auth) throw new Error('an agreement is accepted in a session');
  return auth;
};

/**
 * The user accepts the current version of an agreement's document (D206), only in person: staff acting on their
 * behalf accept nothing for them. The answer is the profile, also as `meta.profile`.
 */
const acceptance = (route: string, summary: string, agreement: Agreement) =>
  user({
    route,
    summary,
    withoutAgreements: true,
    response: UserProfileSchema,
    actor: (_request, facts) => actorOf(signedIn(facts).user),
    target: (_request, { actor }) => ({ streamId: userStreamId(actor.userId) }),
    command: async (_request, { runtime }) => ({
      type: 'AcceptAgreements',
      agreements: [agreement],
      versions: await currentLegalVersions(runtime.documentStore),
    }),
    async answer(_request, facts) {
      const { user: caller } = signedIn(facts);
      const profile = profileOf((await getUser(facts.runtime.documentStore, caller._id)) ?? caller);
      return new Envelope(profile, { meta: { profile } });
    },
  });

/** The agreements a user accepts before working (the licence and the privacy policy). */
export const AGREEMENT_USE_CASES = {
  acceptUserLicence: acceptance('user/acceptUserLicence', 'Accept the end-user licence agreement; returns the profile.', 'EULA'),
  acceptPrivacyPolicy: acceptance('user/acceptPrivacyPolicy', 'Accept the privacy policy; returns the profile.', 'PRIVACY_POLICY'),
};
