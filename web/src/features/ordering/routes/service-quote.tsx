import { useLanguage } from '../../../lib/i18n/use-language';
import { OrderingPage } from '../components/OrderingPage';

/** service-quote: the OEM order process for a quote request. */
export function Component() {
  const lang = useLanguage();
  return <OrderingPage kind="service-quote" lang={lang} />;
}
