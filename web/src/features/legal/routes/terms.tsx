import { LegalPdfPage } from '../components/LegalPdfPage';

/** The terms of use, i.e. the end-user licence agreement (D14: a PDF per language, de, pt, English fallback). */
export function Component() {
  return <LegalPdfPage kind="licence" />;
}
