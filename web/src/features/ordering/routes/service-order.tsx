import { useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { OrderingPage } from '../components/OrderingPage';

/** service-order: the OEM order process for a direct order (quote request for roles that may not order directly). */
export function Component() {
  const { lang } = useParams();
  return <OrderingPage kind="service-order" lang={isLanguage(lang) ? lang : DEFAULT_LANGUAGE} />;
}
