import { useLanguage } from '../../../lib/i18n/use-language';
import { OrderingPage } from '../components/OrderingPage';

/** service-order: the OEM order process for a direct order (quote request for roles that may not order directly). */
export function Component() {
  const lang = useLanguage();
  return <OrderingPage kind="service-order" lang={lang} />;
}
