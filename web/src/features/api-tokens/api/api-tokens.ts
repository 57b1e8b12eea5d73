import { type ApiTokenScope } from '@onsite/domain';
import { ApiTokenListSchema, ApiTokenViewSchema, CreatedApiTokenSchema, type ApiTokenView, type CreatedApiToken } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

export type { ApiTokenScope } from '@onsite/domain';
export type { ApiTokenList, ApiTokenView, CreatedApiToken } from '@onsite/contracts';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: (companyId: string | null) => [...apiTokenKeys.all, 'list', companyId] as const,
};

/** The company's tokens and the users a token may act as; staff name the company (null: their own or the acted-for one). */
export function useApiTokens(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: apiTokenKeys.list(companyId),
    queryFn: ({ signal }) => apiRequest('/api-tokens/list', { body: companyId ? { companyId } : {}, schema: ApiTokenListSchema, signal }),
    enabled,
  });
}

export interface CreateApiTokenInput {
  readonly name: string;
  readonly scope: ApiTokenScope;
  readonly expiresAt: string;
  readonly userId?: string;
}

/** Errors the dialogs show themselves. */
const DIALOG_ERRORS = ['validation_error', 'user_not_found', 'api_token_not_found'] as const;

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenInput): Promise<CreatedApiToken> =>
      apiRequest('/api-tokens/create', { body, schema: CreatedApiTokenSchema, handledErrors: [...DIALOG_ERRORS] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<ApiTokenView> =>
      apiRequest('/api-tokens/revoke', { body: { id }, schema: ApiTokenViewSchema, handledErrors: [...DIALOG_ERRORS] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
