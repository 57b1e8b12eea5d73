import type { LegalDocumentKind, LegalLanguage } from '@onsite/domain';

/** What the console calls each kind of legal document in each language (the documents themselves are uploaded PDFs). */
export const LEGAL_TITLES: Readonly<Record<LegalDocumentKind, Readonly<Record<LegalLanguage, string>>>> = {
  TERMS_OF_USE: { en: 'End-user licence agreement', de: 'Endbenutzer-Lizenzvereinbarung', pt: 'Contrato de licença de usuário final' },
  PRIVACY_POLICY: { en: 'Privacy policy', de: 'Datenschutzerklärung', pt: 'Política de privacidade' },
};
