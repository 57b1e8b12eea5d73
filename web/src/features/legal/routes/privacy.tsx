import { LegalPdfPage } from '../components/LegalPdfPage';

/** The privacy policy (D14: a PDF per language, de, pt, English fallback). */
export function Component() {
  return <LegalPdfPage kind="privacy" />;
}
