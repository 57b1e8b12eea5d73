import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import type { LegalDocument } from './legal-document-schema';
import { profileKeys, type Profile } from './session';

/** The licence (EULA) and the privacy policy the user must accept after login. */
export type AgreementKind = 'licence' | 'privacy';

const DOCUMENT_TYPE: Record<AgreementKind, string> = { licence: 'TERMS_OF_USE', privacy: 'PRIVACY_POLICY' };
const ACCEPT_PATH: Record<AgreementKind, string> = { licence: '/user/acceptUserLicence', privacy: '/user/acceptPrivacyPolicy' };

export type { LegalDocument };

/** The agreements still to accept, licence first; a missing flag counts as accepted. */
export function pendingAgreements(profile: Pick<Profile, 'acceptUserLicence' | 'privacyPolicyAccepted'>): AgreementKind[] {
  const pending: AgreementKind[] = [];
  if (profile.acceptUserLicence === false) pending.push('licence');
  if (profile.privacyPolicyAccepted === false) pending.push('privacy');
  return pending;
}

/** `POST /api/getLegalDocument` → the documents sorted by documentType descending. */
export async function fetchLegalDocuments(language: string, signal?: AbortSignal): Promise<LegalDocument[]> {
  const { legalDocumentsSchema } = await import('./legal-document-schema');
  const documents = await apiRequest('/getLegalDocument', { body: { language }, schema: legalDocumentsSchema, signal, handledErrors: 'all' });
  return [...documents].sort((a, b) => b.documentType.localeCompare(a.documentType));
}

export function documentFor(documents: readonly LegalDocument[], kind: AgreementKind): LegalDocument | undefined {
  return documents.find((document) => document.documentType === DOCUMENT_TYPE[kind]);
}

export function useLegalDocuments(language: string, enabled: boolean) {
  return useQuery({
    queryKey: ['legal-documents', language],
    queryFn: ({ signal }) => fetchLegalDocuments(language, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Accepting posts with no body; the answer is the profile, which replaces the cached one. Once nothing is left to
 * accept, what the api refused meanwhile (`agreements_required`: the header's support contacts, for one) is read again.
 */
export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: AgreementKind) => apiRequest(ACCEPT_PATH[kind], { schema: (await import('./profile-schema')).profileSchema }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.current(), profile);
      if (pendingAgreements(profile).length === 0) void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    },
  });
}
