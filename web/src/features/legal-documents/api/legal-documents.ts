import { type LegalDocumentKind, type LegalLanguage, type PublishLegalVersion } from '@onsite/domain';
import { ManagedLegalDocumentSchema, FileLinkSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { profileKeys } from '../../../lib/session/session';
import { toUpload } from '../../../lib/api/uploads';

export type { ManagedLegalDocument } from '@onsite/contracts';

/** The back office's own key: the agreement dialogs and legal pages keep theirs (`legal-documents`, per language). */
const listKey = ['back-office', 'legal-documents'] as const;

/** Each kind of legal document with its versions, newest (current) first (staff). */
export function useManagedLegalDocuments() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => apiRequest('/legal-documents', { method: 'GET', schema: z.array(ManagedLegalDocumentSchema), signal }),
  });
}

export interface PublishInput {
  readonly kind: LegalDocumentKind;
  readonly basedOn: number;
  readonly files: { readonly en: File } & Partial<Record<'de' | 'pt', File>>;
}

/**
 * Publish a new version: the PDFs are uploaded one after the other, then the version names them. Afterwards the
 * list, the public documents and the publisher's own profile are read again: a new version asks them to accept it too.
 */
export function usePublishLegalVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, basedOn, files }: PublishInput) => {
      const uploads: Partial<Record<LegalLanguage, { uploadId: string }>> = {};
      for (const language of ['en', 'de', 'pt'] as const) {
        const file = files[language];
        if (file) uploads[language] = await toUpload(file);
      }
      const body: PublishLegalVersion = { kind, basedOn, files: uploads as PublishLegalVersion['files'] };
      return apiRequest('/legal-documents/publish', {
        body,
        schema: ManagedLegalDocumentSchema,
        handledErrors: ['validation_error', 'pdf_required', 'legal_version_changed', 'upload_not_found'],
      });
    },
    onSuccess: (document) => {
      queryClient.setQueryData(listKey, (list: z.infer<typeof ManagedLegalDocumentSchema>[] | undefined) =>
        list?.map((d) => (d.kind === document.kind ? document : d)),
      );
      void queryClient.invalidateQueries({ queryKey: ['legal-documents'] });
      void queryClient.invalidateQueries({ queryKey: profileKeys.current() });
    },
  });
}

/** Opens one version's PDF in a language in a new tab (a signed address the api answers; any version, current or older). */
export async function openLegalFile(kind: LegalDocumentKind, version: number, language: LegalLanguage): Promise<void> {
  // The tab opens at once (a popup blocker allows it only during the click), then goes to the address.
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest(`/legal-documents/file?${new URLSearchParams({ kind, version: String(version), language })}`, {
      method: 'GET',
      schema: FileLinkSchema,
    });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
