import {
  DEFAULT_MAX_JOB_WINDOW_DAYS,
  type ServiceSchedule,
  DEFAULT_WORKING_HOURS,
  feasibilityOf,
  isValidTimeZone,
  type ErrorDetail,
  type Feasibility,
  type TimeFrame,
  type TimeFrameType,
} from '@onsite/domain';
import type { FileUpload, OrderFile } from '@onsite/domain';
import type { BillingAddressView, OrderContentRequestSchema } from '@onsite/contracts';
import type { RequestBody } from '../../lib/api/api-client';
import { defaultTimeZone, SERVED_COUNTRIES } from '../../lib/i18n/countries';
import { validationMessages, type FieldErrors } from '../../lib/forms/forms';

/** `HH:mm` as the time pickers show it, from the domain's `H:mm`. */
const padded = (time: string) => time.replace(/^(\d):/, '0$1:');
/** `H:mm` as the api reads times of day. */
const apiTime = (time: string) => time.replace(/^0(\d)/, '$1');

export interface FrameForm {
  type: TimeFrameType;
  /** `YYYY-MM-DD` at the location. */
  dateFrom: string;
  dateTo: string;
  /** Daily working time, `HH:mm`, the same on every day ('all days'). */
  timeFrom: string;
  timeTo: string;
  /** Work runs over midnight: the shift ends on the next day, before its start time. */
  nightShift: boolean;
  /**
   * Other hours on the first and on the last day (D214): `timeFrom`, `timeTo` and `nightShift` are then the days in
   * between, and each end day has its own hours and night shift.
   */
  perDay: boolean;
  first: DayHours;
  last: DayHours;
  /** The most days of work the job may take within the window (approximate and flexible frames); '' for the whole window. */
  maxDays: number | string;
}

export interface DayHours {
  from: string;
  to: string;
  night: boolean;
}

/** One day of a service's schedule as the customer set it in the time-edit dialog (times `HH:mm`). */
export interface ScheduleDayEdit {
  from: string;
  to: string;
  overMidnight: boolean;
  workDay: boolean;
}

/** The customer's changes to the generated schedule, by `scheduleKey(serviceId, date)`. */
export type ScheduleEdits = Record<string, ScheduleDayEdit>;

export const scheduleKey = (serviceId: string, date: string): string => `${serviceId} ${date}`;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The generated schedules with the customer's edits (D216): an edited day keeps its date and takes the dialog's
 * times, over midnight ending on the next day. Days no longer in the window are simply not there.
 */
export function applyScheduleEdits(generated: readonly ServiceSchedule[], edits: ScheduleEdits): ServiceSchedule[] {
  return generated.map((schedule) => ({
    ...schedule,
    dates: schedule.dates.map((day) => {
      const date = day.dateTimeFrom.slice(0, 10);
      const edit = edits[scheduleKey(schedule.serviceTypeId, date)];
      if (!edit) return day;
      return {
        ...day,
        dateTimeFrom: `${date}T${edit.from}:00`,
        dateTimeTo: `${edit.overMidnight ? addDays(date, 1) : date}T${edit.to}:00`,
        isWorkDay: edit.workDay,
        isOverMidnight: edit.overMidnight,
      };
    }),
  }));
}

/** A saved schedule back into edits, so that a draft reopened shows the days as they were saved. */
export function editsOf(schedules: readonly ServiceSchedule[] | undefined): ScheduleEdits {
  const edits: ScheduleEdits = {};
  for (const schedule of schedules ?? []) {
    for (const day of schedule.dates) {
      edits[scheduleKey(schedule.serviceTypeId, day.dateTimeFrom.slice(0, 10))] = {
        from: day.dateTimeFrom.slice(11, 16),
        to: day.dateTimeTo.slice(11, 16),
        overMidnight: day.isOverMidnight,
        workDay: day.isWorkDay,
      };
    }
  }
  return edits;
}

export interface EquipmentForm {
  producer: string;
  machine: string;
  machineType: string;
  amount: number;
  machineNumbers: string;
}

export interface LocationForm {
  name: string;
  addressLine1: string;
  addressLine2: string;
  postCode: string;
  city: string;
  state: string;
  country: string;
  timeZone: string;
  lat: number | null;
  lng: number | null;
}

/** Everything a buyer enters while ordering: one shape for the one-page checkout and the OEM order process. */
export interface OrderForm {
  creationType: 'QUOTE_REQUEST' | 'DIRECT_ORDER';
  services: string[];
  /** OEM: the order is for an end customer of theirs (by name), or for their own company. */
  forEndCustomer: boolean;
  endCustomerName: string;
  location: LocationForm;
  frames: FrameForm[];
  /** Changes to the service schedule of the preferred frame (D216). */
  scheduleEdits: ScheduleEdits;
  equipments: EquipmentForm[];
  technicians: number | string;
  remarks: string;
  mobileSupport: boolean;
  /** The site brief (D213): a site walk before the job, and what the technicians meet on site. */
  siteWalk: boolean;
  siteWalkDate: string;
  certificates: string[];
  allergens: string[];
  environments: string[];
  /** What the 'other' environment is, in the customer's words. */
  environmentOther: string;
  toolsByCustomer: string;
  toolsByProvider: string;
  /** The catalogue segments the job belongs to (ids). */
  segments: string[];
  /**
   * The files the saved order holds (kept as they are when it is saved again; removed with `order/fileRemove`). Files
   * picked but not yet sent are not part of the form: they are uploaded when the order is saved.
   */
  files: OrderFile[];
  couponCode: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  billingAddressId: string | null;
  shortNoticeConfirmed: boolean;
  disclaimerAccepted: boolean;
}

export const newFrame = (): FrameForm => ({
  type: 'FIXED',
  dateFrom: '',
  dateTo: '',
  timeFrom: padded(DEFAULT_WORKING_HOURS.from),
  timeTo: padded(DEFAULT_WORKING_HOURS.to),
  nightShift: false,
  perDay: false,
  first: { from: padded(DEFAULT_WORKING_HOURS.from), to: padded(DEFAULT_WORKING_HOURS.to), night: false },
  last: { from: padded(DEFAULT_WORKING_HOURS.from), to: padded(DEFAULT_WORKING_HOURS.to), night: false },
  maxDays: '',
});

export const newEquipment = (): EquipmentForm => ({ producer: '', machine: '', machineType: '', amount: 1, machineNumbers: '' });

export function emptyOrderForm(country: string, services: string[] = [], creationType: OrderForm['creationType'] = 'QUOTE_REQUEST'): OrderForm {
  const served = SERVED_COUNTRIES.includes(country) ? country : '';
  return {
    creationType,
    services,
    forEndCustomer: true,
    endCustomerName: '',
    location: {
      name: '',
      addressLine1: '',
      addressLine2: '',
      postCode: '',
      city: '',
      state: '',
      country: served,
      timeZone: served ? defaultTimeZone(served) : '',
      lat: null,
      lng: null,
    },
    frames: [newFrame()],
    scheduleEdits: {},
    equipments: [],
    technicians: 1,
    remarks: '',
    mobileSupport: false,
    siteWalk: false,
    siteWalkDate: '',
    certificates: [],
    allergens: [],
    environments: [],
    environmentOther: '',
    toolsByCustomer: '',
    toolsByProvider: '',
    segments: [],
    files: [],
    couponCode: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    billingAddressId: null,
    shortNoticeConfirmed: false,
    disclaimerAccepted: false,
  };
}

const isoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const hhmm = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The frames as the domain reads them; frames not filled in yet are left out (they are reported as required). */
export function toTimeFrames(frames: readonly FrameForm[]): TimeFrame[] {
  return frames.flatMap((f) => {
    const every: DayHours = { from: f.timeFrom, to: f.timeTo, night: f.nightShift };
    const first = f.perDay ? f.first : every;
    const last = f.perDay ? f.last : every;
    if (!isoDate(f.dateFrom) || !isoDate(f.dateTo) || ![every, first, last].every((d) => hhmm(d.from) && hhmm(d.to))) return [];
    const range = (d: DayHours) => ({ from: apiTime(d.from), to: apiTime(d.to) });
    // A night shift's last day ends the morning after the last date.
    const end = last.night ? nextDay(f.dateTo) : f.dateTo;
    const maxDays = Number(f.maxDays);
    return [
      {
        date: { from: `${f.dateFrom}T${first.from}:00`, to: `${end}T${last.to}:00` },
        timeFrameType: f.type,
        workingTime: { firstDay: range(first), intermediate: range(every), lastDay: range(last) },
        firstDayNightShift: first.night,
        intermediateNightShift: every.night,
        lastDayNightShift: last.night,
        ...(f.type !== 'FIXED' && f.maxDays !== '' && Number.isFinite(maxDays) ? { maxServiceDurationDays: maxDays } : {}),
      },
    ];
  });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The domain's feasibility of the frames entered so far (the server judges the same rules on submit). */
export function feasibilityOfForm(form: OrderForm, now: Date = new Date()): Feasibility {
  return feasibilityOf(toTimeFrames(form.frames), { timeZone: form.location.timeZone, now: now.toISOString(), maxJobWindowDays: DEFAULT_MAX_JOB_WINDOW_DAYS });
}

const trimmed = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * The order content for `/order/create`, `/order/update` and `/order/complete`; names and prices come from the catalogue.
 * `schedules`: the service schedule generated for the preferred frame, which goes with it, the customer's edits applied.
 * `uploads` are files picked since the last save, uploaded already, added after the files the order keeps.
 */
export function toContent(
  form: OrderForm,
  billingAddresses: readonly BillingAddressView[],
  oem: boolean,
  schedules?: readonly ServiceSchedule[] | null,
  uploads: readonly FileUpload[] = [],
): RequestBody<typeof OrderContentRequestSchema> {
  const files = [...form.files, ...uploads];
  const l = form.location;
  const billing = billingAddresses.find((a) => a._id === form.billingAddressId);
  const contact = trimmed(form.contactName)
    ? {
        localCustomerContact: {
          name: form.contactName.trim(),
          ...(trimmed(form.contactPhone) ? { phone: form.contactPhone.trim() } : {}),
          ...(trimmed(form.contactEmail) ? { email: form.contactEmail.trim() } : {}),
        },
      }
    : {};
  return {
    ...(oem && form.forEndCustomer && trimmed(form.endCustomerName)
      ? { endCustomer: { name: form.endCustomerName.trim(), country: l.country || undefined } }
      : {}),
    // A draft may be saved before the address is complete: an incomplete location is left out, not refused.
    ...(locationComplete(l)
      ? {
          location: {
            name: l.name.trim(),
            addressLine1: l.addressLine1.trim(),
            addressLine2: trimmed(l.addressLine2),
            city: l.city.trim(),
            postCode: l.postCode.trim(),
            state: trimmed(l.state),
            country: l.country,
            timeZone: l.timeZone,
            ...(l.lat !== null && l.lng !== null ? { geo: { lat: l.lat, lng: l.lng } } : {}),
          },
        }
      : {}),
    timeframes: toTimeFrames(form.frames).map((frame, index) =>
      index === 0 && schedules?.length ? { ...frame, servicesSchedule: applyScheduleEdits(schedules, form.scheduleEdits ?? {}) } : frame,
    ),
    services: form.services.map((serviceId) => ({ serviceId })),
    equipments: form.equipments
      .filter((e) => e.producer.trim() || e.machine.trim())
      .map((e) => ({
        producer: e.producer.trim(),
        machine: e.machine.trim(),
        ...(trimmed(e.machineType) ? { machineType: e.machineType.trim() } : {}),
        amount: Number(e.amount) || 1,
        machineNumbers: e.machineNumbers
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      })),
    additionalInformation: {
      ...(Number(form.technicians) >= 1 ? { serviceTechnicians: { expectedNumberOfTechnicians: Number(form.technicians) } } : {}),
      ...(trimmed(form.remarks) ? { remarks: form.remarks.trim() } : {}),
      ...(form.siteWalk ? { siteWalk: true, ...(isoDate(form.siteWalkDate) ? { siteWalkDate: form.siteWalkDate } : {}) } : {}),
      ...(form.certificates.length ? { selectedCertificates: form.certificates } : {}),
      ...(form.allergens.length ? { selectedAllergies: form.allergens } : {}),
      ...(form.environments.length
        ? {
            selectedEnvironments: form.environments.map((key) =>
              key === 'other' ? { key, name: key, value: form.environmentOther.trim() } : { key, name: key },
            ),
          }
        : {}),
      ...(trimmed(form.toolsByCustomer) ? { toolsRequiredByCustomer: form.toolsByCustomer.trim() } : {}),
      ...(trimmed(form.toolsByProvider) ? { toolsRequiredByProvider: form.toolsByProvider.trim() } : {}),
      ...(form.segments.length ? { selectedSegments: form.segments } : {}),
      ...(files.length ? { files } : {}),
    },
    mobileSupport: form.mobileSupport,
    ...(trimmed(form.couponCode) ? { couponCode: form.couponCode.trim().toUpperCase() } : {}),
    contacts: { ...contact, additionalContacts: [] },
    ...(billing ? { billingAddress: billingSnapshot(billing) } : {}),
  };
}

const locationComplete = (l: LocationForm) => [l.name, l.addressLine1, l.city, l.postCode, l.country, l.timeZone].every((v) => v.trim() !== '');

function billingSnapshot(address: BillingAddressView) {
  const { _id, ...rest } = address;
  return { ...rest, id: _id };
}

type Loose = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A saved order's content back into the form (server drafts, changes, orders to complete, reorders). */
export function fromContent(content: Loose, creationType: string | null | undefined): OrderForm {
  const location = (content.location ?? {}) as Loose;
  const geo = (location.geo ?? null) as { lat: number; lng: number } | null;
  const frames = ((content.timeframes ?? []) as TimeFrame[]).map((f): FrameForm => {
    const [dateFrom = '', timeFrom = ''] = f.date.from.split('T');
    const [dateToRaw = '', timeTo = ''] = f.date.to.split('T');
    const hours = (range: { from: string; to: string } | undefined, night: boolean, fallback: { from: string; to: string }): DayHours => ({
      from: padded(range?.from ?? fallback.from),
      to: padded(range?.to ?? fallback.to),
      night,
    });
    const ends = { from: timeFrom.slice(0, 5), to: timeTo.slice(0, 5) };
    const first = hours(f.workingTime?.firstDay, f.firstDayNightShift, ends);
    const last = hours(f.workingTime?.lastDay, f.lastDayNightShift, ends);
    const every = hours(f.workingTime?.intermediate ?? f.workingTime?.firstDay, f.intermediateNightShift, ends);
    const same = (a: DayHours, b: DayHours) => a.from === b.from && a.to === b.to && a.night === b.night;
    return {
      type: f.timeFrameType,
      dateFrom,
      dateTo: last.night && dateToRaw ? previousDay(dateToRaw) : dateToRaw,
      timeFrom: every.from,
      timeTo: every.to,
      nightShift: every.night,
      perDay: !same(first, every) || !same(last, every),
      first,
      last,
      maxDays: f.maxServiceDurationDays ?? '',
    };
  });
  const info = (content.additionalInformation ?? {}) as Loose;
  const environments = (Array.isArray(info.selectedEnvironments) ? info.selectedEnvironments : []) as Loose[];
  const contact = (((content.contacts ?? {}) as Loose).localCustomerContact ?? {}) as Loose;
  const endCustomer = (content.endCustomer ?? null) as Loose | null;
  const billing = (content.billingAddress ?? null) as Loose | null;
  const country = str(location.country);
  return {
    creationType: creationType === 'DIRECT_ORDER' ? 'DIRECT_ORDER' : 'QUOTE_REQUEST',
    services: ((content.services ?? []) as { serviceId: string }[]).map((s) => s.serviceId),
    forEndCustomer: Boolean(endCustomer),
    endCustomerName: str(endCustomer?.name),
    location: {
      name: str(location.name),
      addressLine1: str(location.addressLine1),
      addressLine2: str(location.addressLine2),
      postCode: str(location.postCode),
      city: str(location.city),
      state: str(location.state),
      country,
      timeZone: str(location.timeZone) || (country ? defaultTimeZone(country) : ''),
      lat: geo?.lat ?? null,
      lng: geo?.lng ?? null,
    },
    frames: frames.length ? frames : [newFrame()],
    scheduleEdits: editsOf(((content.timeframes ?? []) as TimeFrame[])[0]?.servicesSchedule),
    equipments: ((content.equipments ?? []) as Loose[]).map((e) => ({
      producer: str(e.producer),
      machine: str(e.machine),
      machineType: str(e.machineType),
      amount: Number(e.amount) || 1,
      machineNumbers: ((e.machineNumbers ?? []) as string[]).join(', '),
    })),
    technicians: (((info.serviceTechnicians ?? {}) as Loose).expectedNumberOfTechnicians as number) ?? 1,
    remarks: str(info.remarks),
    mobileSupport: content.mobileSupport === true,
    siteWalk: info.siteWalk === true,
    siteWalkDate: str(info.siteWalkDate),
    certificates: strings(info.selectedCertificates),
    allergens: strings(info.selectedAllergies),
    environments: environments.map((e) => str(e.key)),
    environmentOther: str(environments.find((e) => e.key === 'other')?.value),
    toolsByCustomer: str(info.toolsRequiredByCustomer),
    toolsByProvider: str(info.toolsRequiredByProvider),
    segments: strings(info.selectedSegments),
    files: filesOf(info.files),
    couponCode: str(content.couponCode),
    contactName: str(contact.name),
    contactPhone: str(contact.phone),
    contactEmail: str(contact.email),
    billingAddressId: billing ? str(billing.id) : null,
    shortNoticeConfirmed: false,
    disclaimerAccepted: false,
  };
}

/** The files a saved order holds, as it sent them (anything else is left out). */
export function filesOf(value: unknown): OrderFile[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((file: Loose) =>
    typeof file?.path === 'string' && typeof file.name === 'string' && typeof file.mimeType === 'string'
      ? [{ path: file.path, name: file.name, mimeType: file.mimeType as OrderFile['mimeType'] }]
      : [],
  );
}

/** Which steps' fields a form error belongs to (the OEM process opens the first step with an error). */
export type SectionId = 'services' | 'customer' | 'location' | 'timeframes' | 'equipment' | 'details' | 'billing' | 'confirm';

/** Field checks before anything is sent (the server checks the same rules again and its answer wins). */
export function formProblems(
  form: OrderForm,
  options: { oem: boolean; requireBilling: boolean; feasibility: Feasibility; onlySections?: readonly SectionId[] },
): FieldErrors {
  const errors: FieldErrors = {};
  const { oem, feasibility } = options;
  const l = form.location;
  if (form.services.length === 0) errors.services = validationMessages.selectService;
  if (oem && form.forEndCustomer && !form.endCustomerName.trim()) errors.endCustomerName = validationMessages.required;
  for (const field of ['name', 'addressLine1', 'postCode', 'city'] as const) if (!l[field].trim()) errors[`location.${field}`] = validationMessages.required;
  if (!SERVED_COUNTRIES.includes(l.country)) errors['location.country'] = validationMessages.required;
  if (!isValidTimeZone(l.timeZone)) errors['location.timeZone'] = validationMessages.required;
  form.frames.forEach((f, i) => {
    if (!isoDate(f.dateFrom)) errors[`frames.${i}.dateFrom`] = validationMessages.required;
    if (!isoDate(f.dateTo)) errors[`frames.${i}.dateTo`] = validationMessages.required;
    if (!hhmm(f.timeFrom)) errors[`frames.${i}.timeFrom`] = validationMessages.required;
    if (!hhmm(f.timeTo)) errors[`frames.${i}.timeTo`] = validationMessages.required;
    if (f.perDay) {
      for (const end of ['first', 'last'] as const) {
        if (!hhmm(f[end].from)) errors[`frames.${i}.${end}.from`] = validationMessages.required;
        if (!hhmm(f[end].to)) errors[`frames.${i}.${end}.to`] = validationMessages.required;
      }
    }
  });
  Object.assign(errors, frameErrors(feasibility.problems), errors);
  if (feasibility.rules.some((r) => r.rule === 'short_notice') && !form.shortNoticeConfirmed) errors.shortNoticeConfirmed = validationMessages.mustAccept;
  form.equipments.forEach((e, i) => {
    if (!e.producer.trim() && !e.machine.trim()) return;
    if (!e.producer.trim()) errors[`equipments.${i}.producer`] = validationMessages.required;
    if (!e.machine.trim()) errors[`equipments.${i}.machine`] = validationMessages.required;
  });
  if (!(Number(form.technicians) >= 1 && Number.isInteger(Number(form.technicians)))) errors.technicians = validationMessages.positiveInteger;
  if (form.siteWalk && !isoDate(form.siteWalkDate)) errors.siteWalkDate = validationMessages.required;
  if (form.environments.includes('other') && !form.environmentOther.trim()) errors.environmentOther = validationMessages.required;
  if (options.requireBilling && !form.billingAddressId) errors.billingAddressId = validationMessages.required;
  if (!form.disclaimerAccepted) errors.disclaimerAccepted = validationMessages.mustAccept;
  if (!options.onlySections) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => options.onlySections!.includes(sectionOf(field))));
}

/** The form section a field (or an api path) belongs to. */
export function sectionOf(field: string): SectionId {
  if (field.startsWith('services')) return 'services';
  if (field.startsWith('endCustomer')) return 'customer';
  if (field.startsWith('location')) return 'location';
  if (field.startsWith('frames') || field.startsWith('timeframes') || field === 'shortNoticeConfirmed') return 'timeframes';
  if (field.startsWith('equipments')) return 'equipment';
  if (field.startsWith('billing')) return 'billing';
  if (field === 'disclaimerAccepted') return 'confirm';
  return 'details';
}

/** The domain's time-frame problems on the fields of the form (`timeframes.0.date.to` → `frames.0.dateTo`). */
export function frameErrors(problems: readonly ErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems) {
    const field = apiPathToField(p.path ?? '');
    if (field) errors[field] ??= `validation.${p.code}`;
  }
  return errors;
}

/** Where a server validation detail shows in the form (null: in the summary of problems). */
export function apiPathToField(path: string): string | null {
  const p = path.replace(/^content\./, '');
  const day = /^timeframes\.(\d+)\.workingTime\.(firstDay|lastDay)\.(from|to)$/.exec(p);
  if (day) return `frames.${day[1]}.${day[2] === 'firstDay' ? 'first' : 'last'}.${day[3]}`;
  const frame = /^timeframes\.(\d+)\.(date\.from|date\.to|workingTime\.\w+\.from|workingTime\.\w+\.to|maxServiceDurationDays)$/.exec(p);
  if (frame) {
    const part = frame[2]!;
    const field =
      part === 'date.from'
        ? 'dateFrom'
        : part === 'date.to'
          ? 'dateTo'
          : part === 'maxServiceDurationDays'
            ? 'maxDays'
            : part.endsWith('.from')
              ? 'timeFrom'
              : 'timeTo';
    return `frames.${frame[1]}.${field}`;
  }
  if (/^timeframes\.\d+\.servicesSchedule/.test(p)) return 'frames.0.schedule';
  if (/^timeframes$/.test(p)) return 'frames.0.dateFrom';
  const location = /^location\.(name|addressLine1|addressLine2|postCode|city|state|country|timeZone)$/.exec(p);
  if (location) return `location.${location[1]}`;
  if (/^services/.test(p)) return 'services';
  if (/^endCustomer/.test(p)) return 'endCustomerName';
  if (/^equipments\.(\d+)\.(producer|machine)$/.test(p)) return p;
  if (/^additionalInformation\.serviceTechnicians/.test(p)) return 'technicians';
  if (p === 'additionalInformation.siteWalkDate') return 'siteWalkDate';
  if (/^additionalInformation\.selectedEnvironments\.\d+\.value$/.test(p)) return 'environmentOther';
  if (/^additionalInformation\.selectedCertificates/.test(p)) return 'certificates';
  if (/^additionalInformation\.selectedAllergies/.test(p)) return 'allergens';
  if (/^additionalInformation\.selectedEnvironments/.test(p)) return 'environments';
  if (/^additionalInformation\.selectedSegments/.test(p)) return 'segments';
  if (/^additionalInformation\.files/.test(p)) return 'files';
  if (/^billingAddress/.test(p)) return 'billingAddressId';
  if (p === 'shortNoticeConfirmed' || p === 'disclaimerAccepted') return p;
  return null;
}
