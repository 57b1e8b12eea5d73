import { AgreementPage } from '../components/AgreementPage';

/** The privacy policy as a page (spec 2.1: accept-privacy-policy). */
export function Component() {
  return <AgreementPage kind="privacy" />;
}
