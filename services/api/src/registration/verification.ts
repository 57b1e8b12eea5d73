import type { DocumentStore } from '@onsite/infrastructure';
import { getUser } from '@onsite/projections';
import type { TokenService } from '../identity/tokens.js';
import type { LinkMessenger } from '../notifications/link-messenger.js';

/** Sends a new e-mail verification link to the user, if there is one. */
export async function sendVerification(store: DocumentStore, tokens: TokenService, messenger: LinkMessenger, userId: string): Promise<void> {
  const user = await getUser(store, userId);
  if (user) await messenger.send('verify-email', user, await tokens.issue('verify-email', userId, userId));
}
