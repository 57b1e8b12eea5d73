import { Inject, Injectable } from '@nestjs/common';
import type { Channel } from '@onsite/domain';
import type { UserView } from '@onsite/projections';
import { RUNTIME, type Runtime } from '../runtime.js';
import { linkMessage } from './messages.js';
import { NOTIFIER, type Notifier } from './notifier.js';

const ROUTES = { invitation: 'set-password', 'verify-email': 'login', 'password-reset': 'reset-password' } as const;

/** Sends a user a link with a one-time token on the chosen channels (SMS and WhatsApp only to a phone). */
@Injectable()
export class LinkMessenger {
  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  link(kind: keyof typeof ROUTES, user: Pick<UserView, 'language'>, token: string): string {
    const query = kind === 'verify-email' ? `verify=1&token=${token}` : `token=${token}`;
    return `${this.runtime.config.publicUrl}/${user.language}/${ROUTES[kind]}?${query}`;
  }

  async send(
    kind: keyof typeof ROUTES,
    user: Pick<UserView, 'email' | 'phone' | 'language'>,
    token: string,
    channels: readonly Channel[] = ['email'],
  ): Promise<void> {
    const link = this.link(kind, user, token);
    for (const channel of channels) {
      const to = channel === 'email' ? user.email : user.phone;
      if (to) await this.notifier.send(linkMessage(kind, channel, to, link));
    }
  }
}
