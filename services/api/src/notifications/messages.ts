import type { Channel } from '@onsite/domain';
import type { OutgoingMessage } from './notifier.js';

/** The texts of the identity messages. The console route of each link is in docs/product.md (screens). */
export function linkMessage(kind: 'invitation' | 'verify-email' | 'password-reset', channel: Channel, to: string, link: string): OutgoingMessage {
  const subjects = {
    invitation: 'You are invited to Onsite',
    'verify-email': 'Please verify your e-mail address',
    'password-reset': 'Reset your Onsite password',
  } as const;
  const lead = {
    invitation: 'Set your password to start using Onsite:',
    'verify-email': 'Confirm your e-mail address to activate your Onsite account:',
    'password-reset': 'Choose a new password (the link works once and for one hour):',
  } as const;
  return { channel, to, kind, subject: subjects[kind], text: `${lead[kind]}\n${link}\n`, link };
}
