import { randomUUID } from 'node:crypto';
import {
  apiTokenDecider,
  apiTokenStreamId,
  CreateApiTokenSchema,
  effectiveCompanyId,
  effectiveUserId,
  isStaff,
  notFound,
  RevokeApiTokenSchema,
  validationError,
} from '@onsite/domain';
import { ApiTokenViewSchema, CreatedApiTokenSchema } from '@onsite/contracts';
import { getApiToken, getUser } from '@onsite/projections';
import { useCasesOf } from '../common/command-routes.js';
import { assertManageable, tokenNotFound, tokenView } from './api-token-access.js';
import { newApiTokenSecret } from './api-token-auth.js';

const token = useCasesOf(apiTokenDecider);
const userNotFound = () => notFound('The user to act as does not exist.', 'user_not_found');

/**
 * API tokens' commands (D211), each on the token's stream. A customer administrator manages their company's, staff
 * administrators any company's of their countries; another company is 404 before the rule is judged.
 */
export const API_TOKEN_USE_CASES = {
  createApiToken: token({
    route: 'api-tokens/create',
    summary:
      'Company administrators: a new API token acting as a user of the company (default: the caller, or the customer staff act for). The secret is in this answer only.',
    schema: CreateApiTokenSchema,
    response: CreatedApiTokenSchema,
    target: () => {
      const id = randomUUID();
      return { streamId: apiTokenStreamId(id), newStream: true, id, ...newApiTokenSecret(id) };
    },
    async command(request, { actor, runtime, target }) {
      const userId = request.userId ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : effectiveUserId(actor));
      if (!userId) {
        const message = 'Staff name the user a token acts as.';
        throw validationError(message, [{ path: 'userId', code: 'required', message }]);
      }
      const user = await getUser(runtime.documentStore, userId);
      // Another company's user does not exist for a customer administrator.
      if (!user || user.status === 'DELETED' || user.type === 'BL' || (!isStaff(actor) && user.company._id !== effectiveCompanyId(actor))) throw userNotFound();
      if (actor.onBehalfOf && user.company._id !== actor.onBehalfOf.companyId) throw userNotFound();
      await assertManageable(runtime.documentStore, actor, user.company._id);
      return {
        type: 'CreateApiToken',
        data: { id: target.id, name: request.name, scope: request.scope, expiresAt: request.expiresAt, secretHash: target.secretHash },
        facts: { user: { userId: user._id, type: user.type, role: user.role, companyId: user.company._id, active: user.status === 'ACTIVE' } },
      };
    },
    answer: async (_request, { runtime, target }) => ({ token: await tokenView(runtime.documentStore, target.id), secret: target.secret }),
  }),
  revokeApiToken: token({
    route: 'api-tokens/revoke',
    summary: 'Company administrators: revoke an API token; its next request is 401. Revoking a revoked token changes nothing.',
    schema: RevokeApiTokenSchema,
    response: ApiTokenViewSchema,
    target: async (request, { actor, runtime }) => {
      if (!/^[0-9a-f-]{36}$/.test(request.id)) throw tokenNotFound();
      const known = await getApiToken(runtime.documentStore, request.id);
      if (known && isStaff(actor)) await assertManageable(runtime.documentStore, actor, known.companyId);
      return { streamId: apiTokenStreamId(request.id) };
    },
    command: () => ({ type: 'RevokeApiToken' }),
    answer: (request, { runtime }) => tokenView(runtime.documentStore, request.id),
  }),
};
