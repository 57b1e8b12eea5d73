import type { Actor } from '@onsite/domain';
import type { CompanyView, UserView } from '@onsite/projections';
import type { FastifyRequest } from 'fastify';

export interface AuthContext {
  readonly sessionId: string;
  readonly user: UserView;
  /** The customer user a staff member acts for, when `onBehalfOfUserId` was sent. */
  readonly onBehalfOf?: UserView;
  readonly actor: Actor;
  /**
   * The companies the guard read with these users (the caller's and the acted-for user's), by id, as they were
   * read in this request: a command handler takes its company from here instead of reading it again (D86).
   */
  readonly companies: ReadonlyMap<string, CompanyView>;
  /** Set when the request came with an API token instead of a session (D211). */
  readonly apiToken?: { readonly id: string; readonly name: string; readonly scope: string };
}

export type AppRequest = FastifyRequest & { correlationId?: string; auth?: AuthContext };
