import { LegalPdfPage } from '../components/LegalPdfPage';

/** The privacy policy (spec 2.1: a PDF per language, de, pt, English fallback). */
export function Component() {
  return <LegalPdfPage kind="privacy" />;
}
