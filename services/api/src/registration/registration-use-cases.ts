import { randomUUID } from 'node:crypto';
import { companyDecider, companyStreamId, emailUsed, languageOf, leadDecider, leadStreamId, userDecider, userStreamId } from '@onsite/domain';
import {
  CountryRequestSchema,
  LeadAnswerSchema,
  RegistrationResultSchema,
  RegistrationSchema,
  VerifiedAnswerSchema,
  VerifyEmailSchema,
} from '@onsite/contracts';
import { currentLegalVersions, findUserByEmail, getUser } from '@onsite/projections';
import { useCasesOf } from '../common/command-routes.js';
import { actorOf } from '../identity/auth.guard.js';
import { reserveEmail, setPassword } from '../identity/identity-commands.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { sendVerification } from './verification.js';

const user = useCasesOf(userDecider);
const lead = useCasesOf(leadDecider);

/** The public forms' commands: a company registers with its first admin, who verifies the address; a lead asks. */
export const REGISTRATION_USE_CASES = {
  /**
   * The newcomer acts for themself (their ids are made here): the address is reserved, the company registered, the
   * admin created with their password and the privacy policy accepted, and the verification link sent.
   */
  register: user({
    route: 'registration',
    summary: 'Register a company with its first admin; sends the e-mail verification link. 409 email_used, 400 anti_spam_failed.',
    public: true,
    rateLimit: 'registration',
    antiRobot: true,
    schema: RegistrationSchema,
    response: RegistrationResultSchema,
    actor: (request) => ({ userId: randomUUID(), type: 'EC', role: 'ADMIN', companyId: randomUUID(), country: request.country }),
    target: (_request, { actor }) => ({ streamId: userStreamId(actor.userId) }),
    async before(request, { actor, runtime, run }) {
      if (await findUserByEmail(runtime.documentStore, request.email)) throw emailUsed();
      await reserveEmail(run, request.email, actor.userId);
      await run({
        decider: companyDecider,
        streamId: companyStreamId(actor.companyId),
        command: {
          type: 'RegisterCompany',
          data: {
            companyId: actor.companyId,
            uid: `EC-${actor.companyId.slice(0, 8).toUpperCase()}`,
            name: request.companyName,
            type: 'EC',
            country: request.country,
            completed: false,
            selfRegistered: true,
            responsibleUserId: actor.userId,
          },
        },
      });
    },
    command: (request, { actor }) => ({
      type: 'CreateUser',
      data: {
        userId: actor.userId,
        companyId: actor.companyId,
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        phone: request.phone,
        type: 'EC',
        role: 'ADMIN',
        country: request.country,
        language: languageOf(request.country),
        status: 'CREATED',
        selfRegistered: true,
        notificationSettings: { emails: [request.email], sms: false, whatsapp: false },
      },
    }),
    async after(request, facts) {
      const { actor, runtime, run, target } = facts;
      await setPassword(run, runtime, actor.userId, request.password, 'registration');
      const versions = await currentLegalVersions(runtime.documentStore);
      await run({ decider: userDecider, streamId: target.streamId, command: { type: 'AcceptAgreements', agreements: ['PRIVACY_POLICY'], versions } });
      await sendVerification(runtime.documentStore, facts.service(TokenService), facts.service(LinkMessenger), actor.userId);
    },
    answer: (_request, { actor }) => ({ userId: actor.userId, status: 'CREATED' as const }),
  }),
  /** The user the link was sent to verifies their address (the link is spent before the command). */
  verifyEmail: user({
    route: 'registration/verify-email',
    summary: 'Spend an e-mail verification token; the user becomes ACTIVE and can log in.',
    public: true,
    schema: VerifyEmailSchema,
    response: VerifiedAnswerSchema,
    async actor(request, { runtime, service }) {
      const { userId } = await service(TokenService).consume('verify-email', request.token ?? '', 'token_not_found');
      const verified = await getUser(runtime.documentStore, userId);
      if (!verified) throw new Error(`verification token of unknown user ${userId}`);
      return actorOf(verified);
    },
    target: (_request, { actor }) => ({ streamId: userStreamId(actor.userId) }),
    command: () => ({ type: 'VerifyEmail' }),
    answer: () => ({ verified: true as const }),
  }),
  countryRequest: lead({
    route: 'registration/country-request',
    summary: 'A visitor from an unlisted country asks to be contacted (recorded as a lead).',
    public: true,
    rateLimit: 'countryRequest',
    antiRobot: true,
    schema: CountryRequestSchema,
    response: LeadAnswerSchema,
    actor: (request) => ({ userId: 'anonymous', type: 'EC', role: 'ADMIN', companyId: '', country: request.country }),
    target: () => {
      const leadId = randomUUID();
      return { streamId: leadStreamId(leadId), expectedVersion: 0, leadId };
    },
    command(request, { target }) {
      const { antiRobot: _antiRobot, ...data } = request;
      return { type: 'RecordCountryRequest', data: { leadId: target.leadId, ...data } };
    },
    answer: (_request, { target }) => ({ leadId: target.leadId }),
  }),
};
