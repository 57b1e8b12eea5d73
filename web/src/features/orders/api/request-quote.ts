import { SHORT_NOTICE_HOURS } from '@onsite/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { SERVED_COUNTRIES } from '../../../lib/countries';
import { hoursUntil, isValidTimeZone, todayIn, toLocalDateTime } from '../../../lib/format';
import { validationMessages, type FieldErrors } from '../../../lib/forms';
import { orderKeys } from './order-keys';

/** The default daily working hours (spec section 9), as the time inputs want them (HH:mm). */
export const DEFAULT_WORKING_HOURS = { from: '08:00', to: '18:00' } as const;

/** The 'get your quote' form as the user edits it (one time frame, daily working hours). */
export interface QuoteFormValues extends Record<string, unknown> {
  /** Ids of the selected catalogue services. */
  services: string[];
  locationName: string;
  addressLine1: string;
  addressLine2: string;
  postCode: string;
  city: string;
  state: string;
  country: string;
  timeZone: string;
  /** `YYYY-MM-DD` */
  dateFrom: string;
  dateTo: string;
  /** `HH:mm` */
  timeFrom: string;
  timeTo: string;
  technicians: number | string;
  remarks: string;
  shortNoticeConfirmed: boolean;
  disclaimerAccepted: boolean;
}

const required = z.string().trim().min(1, { error: validationMessages.required });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: validationMessages.required });
const hoursMinutes = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: validationMessages.required });

/** Field-by-field rules; the rules between fields are in `quoteFormCrossCheck`. */
export const quoteFormSchema = z.object({
  services: z.array(z.string()).min(1, { error: validationMessages.selectService }),
  locationName: required,
  addressLine1: required,
  addressLine2: z.string().trim(),
  postCode: required,
  city: required,
  state: z.string().trim(),
  country: z.string().refine((country) => SERVED_COUNTRIES.includes(country), { error: validationMessages.required }),
  timeZone: required.refine(isValidTimeZone, { error: validationMessages.required }),
  dateFrom: isoDate,
  dateTo: isoDate,
  timeFrom: hoursMinutes,
  timeTo: hoursMinutes,
  technicians: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .number({ error: validationMessages.required })
      .int({ error: validationMessages.positiveInteger })
      .min(1, { error: validationMessages.positiveInteger }),
  ),
  remarks: z.string().trim().max(4000),
  shortNoticeConfirmed: z.boolean(),
  disclaimerAccepted: z.literal(true, { error: validationMessages.mustAccept }),
});

function timeframeOf(values: QuoteFormValues): { from: string; to: string } | null {
  const complete = [values.dateFrom, values.dateTo].every((d) => isoDate.safeParse(d).success) &&
    [values.timeFrom, values.timeTo].every((t) => hoursMinutes.safeParse(t).success);
  return complete ? { from: toLocalDateTime(values.dateFrom, values.timeFrom), to: toLocalDateTime(values.dateTo, values.timeTo) } : null;
}

/** Hours until the job starts (rounded up) when it is short notice, else null. */
export function shortNoticeHours(values: QuoteFormValues, now: number = Date.now()): number | null {
  if (!isoDate.safeParse(values.dateFrom).success || !hoursMinutes.safeParse(values.timeFrom).success) return null;
  if (!isValidTimeZone(values.timeZone)) return null;
  const hours = hoursUntil(toLocalDateTime(values.dateFrom, values.timeFrom), values.timeZone, now);
  return hours > 0 && hours <= SHORT_NOTICE_HOURS ? hours : null;
}

/**
 * The time frame rules (spec section 5): no past days at the location, the end after the start, start and
 * end times not identical, the start in the future, and short notice confirmed.
 */
export function quoteFormCrossCheck(values: QuoteFormValues, now: number = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  const zoneOk = isValidTimeZone(values.timeZone);
  const today = zoneOk ? todayIn(values.timeZone, now) : todayIn('UTC', now);
  if (isoDate.safeParse(values.dateFrom).success && values.dateFrom < today) errors.dateFrom = validationMessages.pastDate;
  if (isoDate.safeParse(values.dateTo).success && values.dateTo < today) errors.dateTo = validationMessages.pastDate;

  const frame = timeframeOf(values);
  if (frame) {
    if (values.timeFrom === values.timeTo) errors.timeTo = validationMessages.sameTimes;
    else if (frame.to <= frame.from) {
      if (values.dateTo < values.dateFrom) errors.dateTo ??= validationMessages.endBeforeStart;
      else errors.timeTo = validationMessages.endBeforeStart;
    }
  }
  if (zoneOk && !errors.dateFrom && isoDate.safeParse(values.dateFrom).success && hoursMinutes.safeParse(values.timeFrom).success) {
    const hours = hoursUntil(toLocalDateTime(values.dateFrom, values.timeFrom), values.timeZone, now);
    if (hours <= 0) errors.timeFrom = validationMessages.startInPast;
    else if (hours <= SHORT_NOTICE_HOURS && !values.shortNoticeConfirmed) errors.shortNoticeConfirmed = validationMessages.mustAccept;
  }
  return errors;
}

/** `POST /api/order/create` body for a quote request: the order content; names and prices come from the catalogue. */
export interface CreateQuoteRequestBody {
  creationType: 'QUOTE_REQUEST';
  content: {
    services: { serviceId: string }[];
    location: {
      name: string;
      addressLine1: string;
      addressLine2?: string;
      city: string;
      postCode: string;
      state?: string;
      country: string;
      timeZone: string;
    };
    timeframes: { date: { from: string; to: string }; timeFrameType: 'FIXED'; workingTime: { firstDay: TimeRange; intermediate: TimeRange; lastDay: TimeRange } }[];
    additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: number }; remarks?: string };
  };
}

interface TimeRange {
  from: string;
  to: string;
}

/** `H:mm`, as the api reads times of day. */
const apiTime = (value: string) => value.replace(/^0(\d)/, '$1');

export function toCreateBody(values: QuoteFormValues): CreateQuoteRequestBody {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  // One daily working window for every day of the frame: the form asks for one start and one end time.
  const daily = { from: apiTime(values.timeFrom), to: apiTime(values.timeTo) };
  return {
    creationType: 'QUOTE_REQUEST',
    content: {
      services: values.services.map((serviceId) => ({ serviceId })),
      location: {
        name: values.locationName.trim(),
        addressLine1: values.addressLine1.trim(),
        addressLine2: optional(values.addressLine2),
        city: values.city.trim(),
        postCode: values.postCode.trim(),
        state: optional(values.state),
        country: values.country,
        timeZone: values.timeZone,
      },
      timeframes: [
        {
          date: { from: toLocalDateTime(values.dateFrom, values.timeFrom), to: toLocalDateTime(values.dateTo, values.timeTo) },
          timeFrameType: 'FIXED',
          workingTime: { firstDay: daily, intermediate: daily, lastDay: daily },
        },
      ],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: Number(values.technicians) }, remarks: optional(values.remarks) },
    },
  };
}

const FIELD_OF_API_PATH: [RegExp, keyof QuoteFormValues & string][] = [
  [/^(content\.)?services(\.|$)/, 'services'],
  [/^(content\.)?location\.name$/, 'locationName'],
  [/^(content\.)?location\.addressLine1$/, 'addressLine1'],
  [/^(content\.)?location\.addressLine2$/, 'addressLine2'],
  [/^(content\.)?location\.city$/, 'city'],
  [/^(content\.)?location\.postCode$/, 'postCode'],
  [/^(content\.)?location\.state$/, 'state'],
  [/^(content\.)?location\.country$/, 'country'],
  [/^(content\.)?location\.timeZone$/, 'timeZone'],
  [/^(content\.)?timeframes(\.\d+)?(\.date)?\.from$/, 'dateFrom'],
  [/^(content\.)?timeframes(\.\d+)?((\.date)?\.to)?$/, 'dateTo'],
  [/^(content\.)?additionalInformation\.serviceTechnicians(\.expectedNumberOfTechnicians)?$/, 'technicians'],
  [/^(content\.)?additionalInformation\.remarks$/, 'remarks'],
  [/^shortNoticeConfirmed$/, 'shortNoticeConfirmed'],
  [/^disclaimerAccepted$/, 'disclaimerAccepted'],
];

/** Where a server validation detail shows: the form field its api path belongs to (null: nowhere inline). */
export function fieldOfApiPath(path: string): string | null {
  return FIELD_OF_API_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

const createdSchema = z.object({ _id: z.string(), refId: z.string(), version: z.number() });
const submittedSchema = z.object({ _id: z.string(), refId: z.string(), version: z.number(), status: z.string() });
export type SubmittedOrder = z.infer<typeof submittedSchema>;

export function createOrder(body: CreateQuoteRequestBody, idempotencyKey: string) {
  return apiRequest('/order/create', { body, schema: createdSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Short notice is judged on submit, so its confirmation travels with the submission. */
export function submitOrder(input: { orderId: string; version: number; shortNoticeConfirmed: boolean }) {
  return apiRequest('/order/submit', { body: { ...input, disclaimerAccepted: true }, schema: submittedSchema });
}

/**
 * Create, then submit. The idempotency key belongs to one version of the form: a retry after a failed
 * submit finds the order created before instead of creating a second one.
 */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey, shortNoticeConfirmed }: { body: CreateQuoteRequestBody; idempotencyKey: string; shortNoticeConfirmed: boolean }) => {
      const created = await createOrder(body, idempotencyKey);
      return submitOrder({ orderId: created._id, version: created.version, shortNoticeConfirmed });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
