/** The legal documents users accept (D14, D33), each a PDF in English, German and Portuguese. */
export const LEGAL_DOCUMENT_TYPES = ['TERMS_OF_USE', 'PRIVACY_POLICY'] as const;
