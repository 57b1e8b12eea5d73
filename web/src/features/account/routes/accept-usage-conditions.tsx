import { AgreementPage } from '../components/AgreementPage';

/** The end-user licence agreement as a page (spec 2.1: accept-usage-conditions). */
export function Component() {
  return <AgreementPage kind="licence" />;
}
