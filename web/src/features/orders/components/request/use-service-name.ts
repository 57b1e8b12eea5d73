import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../../lib/catalogue';
import { localized } from '../../../../lib/i18n/localized';
import type { Order } from '../../api/get-order';

/**
 * The ordered services' names in the console's language, as they were ordered (orders placed since D208 keep every
 * language); older orders kept English only and read the other languages from the catalogue.
 */
export function useServiceName() {
  const { i18n } = useTranslation();
  const catalogue = useCatalogue();
  return (service: Order['services'][number]) =>
    localized(service.names ?? catalogue.data?.services.find((c) => c.id === service.serviceId)?.name ?? service.name, i18n.language) || service.serviceId;
}
