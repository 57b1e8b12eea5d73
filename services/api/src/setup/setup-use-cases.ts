import { companyDecider, companyStreamId, notFound, SETUP_STREAM, setupDecider, userDecider, userStreamId } from '@onsite/domain';
import { SetupAnswerSchema, SetupRequestSchema } from '@onsite/contracts';
import { VersionConflictError } from '@onsite/infrastructure';
import { randomUUID } from 'node:crypto';
import { useCasesOf } from '../common/command-routes.js';
import { reserveEmail } from '../identity/identity-commands.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { SetupOpenGuard } from './setup.controller.js';
import { SetupService } from './setup.service.js';

const user = useCasesOf(userDecider);

/**
 * First-run setup (docs/operations.md), over HTTP with a printed token or from the command line (`npm run setup`,
 * origin `cli`, without the token): the setup is claimed once (of two concurrent setups one wins, the other finds no
 * route), the address reserved, the provider company registered, its first administrator created (INVITED) and sent
 * the usual invitation; then every setup token is deleted.
 */
export const SETUP_USE_CASES = {
  completeSetup: user({
    route: 'setup',
    summary: 'First-run setup: creates the provider company and its first administrator, who is sent the invitation to set a password. 404 once done.',
    public: true,
    rateLimit: 'setup',
    guards: [SetupOpenGuard],
    schema: SetupRequestSchema,
    response: SetupAnswerSchema,
    actor: (request) => ({ userId: randomUUID(), type: 'BL', role: 'ADMIN', companyId: randomUUID(), country: request.country }),
    async target(_request, { actor, service }) {
      if (!(await service(SetupService).pending())) throw notFound();
      return { streamId: userStreamId(actor.userId) };
    },
    async before(request, { actor, origin, run }) {
      const { userId, companyId } = actor;
      try {
        await run({
          decider: setupDecider,
          streamId: SETUP_STREAM,
          expectedVersion: 0,
          command: { type: 'CompleteSetup', data: { companyId, adminUserId: userId, companyName: request.companyName, headless: origin === 'cli' } },
        });
      } catch (error) {
        // Another setup won the race: for this one the route is gone.
        throw error instanceof VersionConflictError ? notFound() : error;
      }
      await reserveEmail(run, request.email, userId);
      await run({
        decider: companyDecider,
        streamId: companyStreamId(companyId),
        command: {
          type: 'RegisterCompany',
          data: {
            companyId,
            uid: `BL-${companyId.slice(0, 8).toUpperCase()}`,
            name: request.companyName,
            type: 'BL',
            country: request.country,
            completed: false,
            responsibleUserId: userId,
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
        type: 'BL',
        role: 'ADMIN',
        country: request.country,
        language: 'en',
        status: 'INVITED',
        notificationSettings: { emails: [request.email], sms: false, whatsapp: false },
      },
    }),
    async after(request, { actor, run, target, service }) {
      await run({ decider: userDecider, streamId: target.streamId, command: { type: 'InviteUser', channels: ['email'], reinvite: false } });
      const email = request.email.trim().toLowerCase();
      await service(LinkMessenger).send(
        'invitation',
        { email, phone: null, language: 'en' },
        await service(TokenService).issue('invitation', actor.userId, actor.userId),
      );
      await service(SetupService).forgetTokens();
    },
    answer: (request, { actor, service }) =>
      service(SetupService).answer({ companyId: actor.companyId, userId: actor.userId, email: request.email.trim().toLowerCase() }),
  }),
};
