import { useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { OrderingPage } from '../components/OrderingPage';

/** service-quote: the OEM order process for a quote request. */
export function Component() {
  const { lang } = useParams();
  return <OrderingPage kind="service-quote" lang={isLanguage(lang) ? lang : DEFAULT_LANGUAGE} />;
}
