import { OutboxEntrySchema } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { OutboxEntry } from '@onsite/contracts';

export const outboxKeys = {
  all: ['dev-outbox'] as const,
  list: (to: string) => [...outboxKeys.all, to] as const,
};

const outboxSchema = z.array(OutboxEntrySchema);

/** The last 100 messages, optionally for one recipient. 404 means the outbox is off: the page says so. */
export function useOutbox(to: string) {
  return useQuery({
    queryKey: outboxKeys.list(to),
    queryFn: ({ signal }) =>
      apiRequest(`/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, { method: 'GET', schema: outboxSchema, signal, handledErrors: ['not_found'] }),
    retry: false,
  });
}
