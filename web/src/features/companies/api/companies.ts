import { CompanyListPageSchema, CompanyViewSchema, type CompanyListRequest, type CreateCompanyRequest } from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

export type { CompanyRowData as CompanyRow } from '@onsite/contracts';

/** Query keys of the company resource (staff list). */
export const companyKeys = {
  all: ['companies'] as const,
  list: (params: Partial<CompanyListRequest>) => [...companyKeys.all, 'list', params] as const,
};

export function useCompanyList(params: Partial<CompanyListRequest>) {
  return useQuery({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/company/list', { body: params, schema: CompanyListPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) => apiRequest('/admin/company/create', { body, schema: CompanyViewSchema, handledErrors: ['validation_error'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
