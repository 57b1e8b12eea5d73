import { AgreementPage } from '../components/AgreementPage';

/** The privacy policy as a page (D14). */
export function Component() {
  return <AgreementPage kind="privacy" />;
}
