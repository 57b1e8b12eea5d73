import { randomUUID } from 'node:crypto';
import {
  BANNER_STREAM,
  bannerDecider,
  ChangeFaqSchema,
  faqDecider,
  FaqInputSchema,
  faqStreamId,
  notFound,
  RemoveFaqSchema,
  SetBannerSchema,
} from '@onsite/domain';
import { ManagedBannerSchema, ManagedFaqSchema, RemovedIdSchema } from '@onsite/contracts';
import { listManagedFaqs } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { managedBanner } from './banner.controller.js';

const faq = useCasesOf(faqDecider);
const banner = useCasesOf(bannerDecider);

async function faqNow(id: string, { runtime }: UseCaseFacts) {
  const found = (await listManagedFaqs(runtime.documentStore)).find((f) => f.id === id);
  if (!found) throw notFound('There is no such question.', 'faq_not_found');
  return found;
}

/**
 * The help questions' commands (D205), each on the question's stream, and the home banner's (one stream). Staff
 * administrators may; the deciders refuse everyone else.
 */
export const HELP_CONTENT_USE_CASES = {
  createFaq: faq({
    route: 'help-content/faqs/create',
    summary: 'Staff administrators: a new help question (the server gives it its id).',
    schema: FaqInputSchema,
    response: ManagedFaqSchema,
    target: () => {
      const id = randomUUID();
      return { streamId: faqStreamId(id), id, newStream: true };
    },
    command: (request, { target }) => ({ type: 'CreateFaq', entry: { id: target.id, ...request } }),
    answer: (_request, facts) => faqNow(facts.target.id, facts),
  }),
  changeFaq: faq({
    route: 'help-content/faqs/change',
    summary: "Staff administrators: a help question's topic, question or answer.",
    schema: ChangeFaqSchema,
    response: ManagedFaqSchema,
    target: (request) => ({ streamId: faqStreamId(request.id) }),
    command: (request) => ({ type: 'ChangeFaq', entry: request }),
    answer: (request, facts) => faqNow(request.id, facts),
  }),
  removeFaq: faq({
    route: 'help-content/faqs/remove',
    summary: 'Staff administrators: remove a help question; customers no longer see it, its history stays.',
    schema: RemoveFaqSchema,
    response: RemovedIdSchema,
    target: (request) => ({ streamId: faqStreamId(request.id) }),
    command: (request) => ({ type: 'RemoveFaq', id: request.id }),
    answer: (request) => ({ id: request.id }),
  }),
  setBanner: banner({
    route: 'help-content/banner/set',
    summary: "Staff administrators: the home page's banner (English required).",
    schema: SetBannerSchema,
    response: ManagedBannerSchema,
    target: () => ({ streamId: BANNER_STREAM }),
    command: (request) => ({ type: 'SetBanner', banner: request }),
    answer: (_request, { runtime }) => managedBanner(runtime.documentStore),
  }),
  clearBanner: banner({
    route: 'help-content/banner/clear',
    summary: 'Staff administrators: no banner on the home page.',
    response: ManagedBannerSchema,
    target: () => ({ streamId: BANNER_STREAM }),
    command: () => ({ type: 'ClearBanner' }),
    answer: (_request, { runtime }) => managedBanner(runtime.documentStore),
  }),
};
