import type { Actor } from '@onsite/domain';
import type { UserView } from '@onsite/projections';
import type { FastifyRequest } from 'fastify';

export interface AuthContext {
  readonly sessionId: string;
  readonly user: UserView;
  /** The customer user a staff member acts for, when `onBehalfOfUserId` was sent. */
  readonly onBehalfOf?: UserView;
  readonly actor: Actor;
}

export type AppRequest = FastifyRequest & { correlationId?: string; auth?: AuthContext };
