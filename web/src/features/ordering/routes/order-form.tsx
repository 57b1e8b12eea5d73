import { useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { OrderingPage } from '../components/OrderingPage';

/** order-form: the one-page checkout of end customers (and staff acting for them): a quote request. */
export function Component() {
  const { lang } = useParams();
  return <OrderingPage kind="checkout" lang={isLanguage(lang) ? lang : DEFAULT_LANGUAGE} />;
}
