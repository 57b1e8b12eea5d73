import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { profileKeys, profileSchema, type Profile } from './session';

/** The licence (EULA) and the privacy policy the user must accept after login (spec 2.3). */
export type AgreementKind = 'licence' | 'privacy';

const DOCUMENT_TYPE: Record<AgreementKind, string> = { licence: 'TERMS_OF_USE', privacy: 'PRIVACY_POLICY' };
const ACCEPT_PATH: Record<AgreementKind, string> = { licence: '/user/acceptUserLicence', privacy: '/user/acceptPrivacyPolicy' };

const legalDocumentSchema = z.object({
  documentType: z.string(),
  title: z.string(),
  language: z.string().nullish(),
  legalfile: z.object({ url: z.string() }),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** The agreements still to accept, licence first; a missing flag counts as accepted. */
export function pendingAgreements(profile: Pick<Profile, 'acceptUserLicence' | 'privacyPolicyAccepted'>): AgreementKind[] {
  const pending: AgreementKind[] = [];
  if (profile.acceptUserLicence === false) pending.push('licence');
  if (profile.privacyPolicyAccepted === false) pending.push('privacy');
  return pending;
}

/** `POST /api/getLegalDocument` → the documents sorted by documentType descending. */
export async function fetchLegalDocuments(language: string, signal?: AbortSignal): Promise<LegalDocument[]> {
  const documents = await apiRequest('/getLegalDocument', { body: { language }, schema: z.array(legalDocumentSchema), signal, handledErrors: 'all' });
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

/** Accepting posts with no body; the answer is the profile, which replaces the cached one (spec 4.5). */
export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: AgreementKind) => apiRequest(ACCEPT_PATH[kind], { schema: profileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.current(), profile),
  });
}
