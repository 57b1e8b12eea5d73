import { type ChangeManual, type ManualInput } from '@onsite/domain';
import { ManagedManualSchema, ManualChangeSchema, RemovedIdSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { ManagedManual } from '@onsite/contracts';

export const manualKeys = {
  all: ['help-content', 'manuals'] as const,
  list: () => [...manualKeys.all, 'list'] as const,
  history: (id: string) => [...manualKeys.all, 'history', id] as const,
};

/** Every manual in every language, with its file per language (staff). */
export function useManagedManuals() {
  return useQuery({
    queryKey: manualKeys.list(),
    queryFn: ({ signal }) => apiRequest('/help-content/manuals', { method: 'GET', schema: z.array(ManagedManualSchema), signal }),
  });
}

export function useManualHistory(id: string) {
  return useQuery({
    queryKey: manualKeys.history(id),
    queryFn: ({ signal }) =>
      apiRequest(`/help-content/manuals/history/${encodeURIComponent(id)}`, { method: 'GET', schema: z.array(ManualChangeSchema), signal }),
  });
}

type ManualCommand = { kind: 'create'; body: ManualInput } | { kind: 'change'; body: ChangeManual } | { kind: 'remove'; body: { id: string } };
const COMMAND_PATHS = { create: '/help-content/manuals/create', change: '/help-content/manuals/change', remove: '/help-content/manuals/remove' } as const;

/** Create, change or remove a manual; the list, the histories and the customers' help pages are read again. */
export function useManualCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: ManualCommand): Promise<unknown> =>
      apiRequest(COMMAND_PATHS[command.kind], {
        body: command.body,
        schema: command.kind === 'remove' ? RemovedIdSchema : ManagedManualSchema,
        handledErrors: ['validation_error', 'manual_not_found'],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['help-content'] }),
  });
}
