import { isValidTimeZone, type Feasibility } from '@onsite/domain';
import { type GenerateServiceSchedulesRequest } from '@onsite/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../lib/catalogue';
import { localized } from '../../../lib/i18n/localized';
import { useServiceSchedules } from '../api/ordering';
import { toTimeFrames, type OrderForm } from '../model';

/**
 * The service schedule of the form's preferred frame (D216): asked for once the services are chosen and the frame is
 * complete and valid. `schedules` is what goes with the order (null while there is none to send).
 */
export function useServiceScheduleOf(form: OrderForm, feasibility: Feasibility) {
  const { i18n } = useTranslation();
  const catalogue = useCatalogue();
  const catalogueName = (serviceId: string, language: string) => {
    const service = catalogue.data?.services.find((s) => s.id === serviceId);
    return (service ? localized(service.name, language) : '') || serviceId;
  };
  const preferredFrame = useMemo(() => {
    const frame = toTimeFrames(form.frames.slice(0, 1))[0] ?? null;
    const broken = feasibility.problems.some((p) => (p.path ?? '').startsWith('timeframes.0'));
    return frame && !broken && isValidTimeZone(form.location.timeZone) ? frame : null;
  }, [form.frames, form.location.timeZone, feasibility]);
  const request: GenerateServiceSchedulesRequest | null =
    preferredFrame && form.services.length > 0 && catalogue.data
      ? {
          timeframes: [preferredFrame],
          services: form.services.map((id) => ({ serviceTypeId: id, name: catalogueName(id, 'en') })),
          timeZone: form.location.timeZone,
          ...(form.location.country ? { country: form.location.country } : {}),
        }
      : null;
  const generated = useServiceSchedules(request);
  return {
    frame: request ? preferredFrame : null,
    generated,
    schedules: request ? (generated.data ?? null) : null,
    nameOf: (serviceId: string) => catalogueName(serviceId, i18n.language),
  };
}
