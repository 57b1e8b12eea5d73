import { AgreementPage } from '../components/AgreementPage';

/** The end-user licence agreement as a page (D14). */
export function Component() {
  return <AgreementPage kind="licence" />;
}
