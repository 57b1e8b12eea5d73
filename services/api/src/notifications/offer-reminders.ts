import type { DocumentStore } from '@onsite/infrastructure';
import { companyUsers } from '@onsite/projections';
import type { OfferReminderSender } from '@onsite/workers';
import type { Notifier } from './notifier.js';

/** Who decides on offers: active admins and planners of the customer's company. */
const DECIDING_ROLES = new Set(['ADMIN', 'PLANNER']);

const TEXTS = {
  en: {
    subject: (ref: string) => `Offer for ${ref} expires in 24 hours`,
    body: (ref: string, at: string, link: string) =>
      `The offer for order ${ref} is valid until ${at} (UTC). Accept it, reject it or ask for more time: ${link}`,
  },
  de: {
    subject: (ref: string) => `Angebot zu ${ref} läuft in 24 Stunden ab`,
    body: (ref: string, at: string, link: string) =>
      `Das Angebot zum Auftrag ${ref} gilt bis ${at} (UTC). Nehmen Sie es an, lehnen Sie es ab oder bitten Sie um mehr Zeit: ${link}`,
  },
  pt: {
    subject: (ref: string) => `A proposta para ${ref} expira em 24 horas`,
    body: (ref: string, at: string, link: string) => `A proposta do pedido ${ref} é válida até ${at} (UTC). Aceite, recuse ou peça mais prazo: ${link}`,
  },
} as const;

/** The reminder 24 h before an offer expires, by e-mail to each deciding user of the customer, in their language. */
export function offerReminderSender(documentStore: DocumentStore, notifier: Notifier, publicUrl: string): OfferReminderSender {
  return {
    async remind({ refId, companyId, expiresAt }) {
      const users = (await companyUsers(documentStore, companyId)).filter((u) => u.status === 'ACTIVE' && DECIDING_ROLES.has(u.role));
      const at = expiresAt.slice(0, 16).replace('T', ' ');
      for (const user of users) {
        const language = user.language in TEXTS ? (user.language as keyof typeof TEXTS) : 'en';
        const link = `${publicUrl.replace(/\/$/, '')}/${language}/order/${refId}/offer`;
        const text = TEXTS[language];
        await notifier.send({ channel: 'email', to: user.email, kind: 'offer-reminder', subject: text.subject(refId), text: text.body(refId, at, link), link });
      }
      return users.map((u) => u.email);
    },
  };
}
