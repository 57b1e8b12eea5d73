import { type BillingAddressInput } from '@onsite/domain';
import { BillingAddressesSchema, CompanyViewSchema, TagListSchema, type UpdateCompanyRequest } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

export type { BillingAddressView, CompanyViewData as CompanyView } from '@onsite/contracts';

/** Query keys of one company; every change invalidates it (and the staff list under `companies`). */
export const companyInfoKeys = {
  all: ['companies'] as const,
  detail: (uid: string) => [...companyInfoKeys.all, 'detail', uid] as const,
};

export function useCompany(uid: string | undefined) {
  return useQuery({
    queryKey: companyInfoKeys.detail(uid ?? ''),
    queryFn: ({ signal }) => apiRequest('/company/getByUID', { body: { uid }, schema: CompanyViewSchema, signal, handledErrors: ['not_found'] }),
    enabled: Boolean(uid),
  });
}

function useCompanyMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: companyInfoKeys.all }) });
}

const INLINE = ['validation_error'];

/** Staff save through the staff call (SAP number); company admins through their own. */
export const useUpdateCompany = (staff: boolean) =>
  useCompanyMutation((body: UpdateCompanyRequest & { sapNumber?: string }) =>
    apiRequest(staff ? '/admin/company/update' : '/company/update', { body, schema: CompanyViewSchema, handledErrors: INLINE }),
  );
export const useAddBillingAddress = () =>
  useCompanyMutation((body: { companyId: string; billingAddress: BillingAddressInput }) =>
    apiRequest('/company/add-billing-address', { body, schema: BillingAddressesSchema, handledErrors: INLINE }),
  );
export const useUpdateBillingAddress = () =>
  useCompanyMutation((body: { companyId: string; billingAddress: BillingAddressInput & { _id: string } }) =>
    apiRequest('/company/update-billing-address', { body, schema: BillingAddressesSchema, handledErrors: INLINE }),
  );
export const useDeleteBillingAddress = () =>
  useCompanyMutation((body: { companyId: string; billingAddressId: string }) =>
    apiRequest('/company/delete-billing-address', { body, schema: BillingAddressesSchema }),
  );
export const useCompanyTag = () =>
  useCompanyMutation(({ companyId, tag, remove }: { companyId: string; tag: string; remove: boolean }) =>
    apiRequest(remove ? '/company/removeTag' : '/company/addTag', { body: { companyId, tag }, schema: TagListSchema }),
  );
