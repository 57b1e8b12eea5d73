import { useLanguage } from '../../../lib/i18n/use-language';
import { OrderingPage } from '../components/OrderingPage';

/** order-form: the one-page checkout of end customers (and staff acting for them): a quote request. */
export function Component() {
  const lang = useLanguage();
  return <OrderingPage kind="checkout" lang={lang} />;
}
