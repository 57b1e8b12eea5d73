import type { Currency, Language } from '../shared/countries.js';

/** ISO 8601 instant in UTC, e.g. `2026-11-21T09:30:00.000Z`. */
export type Instant = string;
/** `YYYY-MM-DD`. */
export type LocalDate = string;
/** `YYYY-MM-DDTHH:mm:ss`, local to the service location's IANA time zone. */
export type LocalDateTime = string;
/** `H:mm` (24-hour clock), e.g. `8:00` or `18:30`. */
export type TimeOfDay = string;

/** Integer minor units (cents, pence, paise) plus an ISO 4217 currency. */
export interface Money {
  readonly amount: number;
  readonly currency: Currency;
}

export const ORDER_FILE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type OrderFileMimeType = (typeof ORDER_FILE_MIME_TYPES)[number];

/** A file already in file storage; the order keeps only its reference. */
export interface OrderFile {
  readonly path: string;
  readonly name: string;
  readonly mimeType: OrderFileMimeType;
}

export const CREATION_TYPES = ['QUOTE_REQUEST', 'DIRECT_ORDER'] as const;
export type CreationType = (typeof CREATION_TYPES)[number];
export const ORDER_TYPES = ['quote', 'order'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export function orderTypeOf(creationType: CreationType): OrderType {
  return creationType === 'DIRECT_ORDER' ? 'order' : 'quote';
}

/** The customer company an order belongs to, as the api resolved it from the company record. */
export interface CustomerRef {
  readonly companyId: string;
  readonly name: string;
  readonly country: string;
}

export interface OrderReference {
  readonly orderId: string;
  readonly refId: string;
}

export interface EndCustomer {
  readonly name: string;
  readonly country?: string;
}

export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}

export interface OrderLocation {
  readonly name: string;
  readonly addressLine1: string;
  readonly addressLine2?: string;
  readonly city: string;
  readonly postCode: string;
  readonly state?: string;
  readonly country: string;
  /** IANA zone in which the job's local times are read. */
  readonly timeZone: string;
  readonly geo?: GeoPoint;
  readonly remarks?: string;
}

export const TIME_FRAME_TYPES = ['FIXED', 'APPROXIMATE', 'FLEXIBLE'] as const;
export type TimeFrameType = (typeof TIME_FRAME_TYPES)[number];

export interface TimeRange {
  readonly from: TimeOfDay;
  readonly to: TimeOfDay;
}

export interface WorkingTime {
  readonly firstDay: TimeRange;
  readonly intermediate: TimeRange;
  readonly lastDay: TimeRange;
}

/** A requested job window. The first frame of an order is the preferred one, the others are alternatives. */
export interface TimeFrame {
  /** Job start and end, local to the location's time zone. */
  readonly date: { readonly from: LocalDateTime; readonly to: LocalDateTime };
  readonly timeFrameType: TimeFrameType;
  readonly workingTime: WorkingTime;
  /** A night shift ends on the next day, so its working time may end before it starts. */
  readonly firstDayNightShift: boolean;
  readonly intermediateNightShift: boolean;
  readonly lastDayNightShift: boolean;
  /** For APPROXIMATE and FLEXIBLE frames: how many days the job needs inside the window. */
  readonly maxServiceDurationDays?: number;
  /**
   * The days of work per ordered service, as the customer confirmed or edited them (D216): generated from this
   * frame's window and working times; absent when the customer was not shown one.
   */
  readonly servicesSchedule?: ServiceSchedule[];
}

/** One day of a service's schedule, local to the service location. */
export interface ScheduledDay {
  readonly dateTimeFrom: LocalDateTime;
  readonly dateTimeTo: LocalDateTime;
  /** Whether the technicians work that day: proposed for Monday to Friday except public holidays; the customer may switch any day. */
  readonly isWorkDay: boolean;
  /** A public holiday at the location (its country's nationwide holidays). */
  readonly isHoliday: boolean;
  /** A night shift ends on the next day. */
  readonly isOverMidnight: boolean;
}

/** The days of one ordered service (`serviceTypeId` is the ordered service's `serviceId`). */
export interface ServiceSchedule {
  readonly serviceTypeId: string;
  readonly name: string;
  readonly dates: ScheduledDay[];
}

export interface EquipmentItem {
  readonly manufacturer?: string;
  readonly machineModel: string;
  readonly machineVariant?: string;
  readonly quantity: number;
}

/** A catalogue service as ordered: name and price are copied so later catalogue edits do not change the order. */
export interface OrderedService {
  readonly serviceId: string;
  /** English, as ordered. */
  readonly name: string;
  /** Every language as ordered (orders placed since D208; older ones read the catalogue's current names). */
  readonly names?: Partial<Record<Language, string>>;
  readonly price: Money;
  readonly equipmentItems: readonly EquipmentItem[];
}

/** A machine of the customer that the job is about. */
export interface CustomerEquipment {
  readonly producer: string;
  readonly machine: string;
  readonly machineType?: string;
  readonly comments?: string;
  readonly amount: number;
  readonly machineNumbers: readonly string[];
}

export interface ServiceTechnicians {
  readonly expectedNumberOfTechnicians: number;
  readonly maxNumberOfTechnicians?: number;
}

export interface SelectedEnvironment {
  readonly key: string;
  readonly name: string;
  /** Free text, used when the key is 'other'. */
  readonly value?: string;
}

export interface AdditionalInformation {
  readonly serviceTechnicians?: ServiceTechnicians;
  readonly siteWalk?: boolean;
  readonly siteWalkDate?: LocalDate;
  readonly selectedSegments?: readonly string[];
  readonly selectedAllergies?: readonly string[];
  readonly selectedCertificates?: readonly string[];
  readonly selectedEnvironments?: readonly SelectedEnvironment[];
  readonly remarks?: string;
  readonly files?: readonly OrderFile[];
  readonly toolsRequiredByCustomer?: string;
  readonly toolsRequiredByProvider?: string;
}

export interface OrderContact {
  readonly name: string;
  /** E.164. */
  readonly phone?: string;
  readonly email?: string;
  readonly remarks?: string;
}

export interface OrderContacts {
  readonly localCustomerContact?: OrderContact;
  readonly onSiteContact?: OrderContact;
  readonly additionalContacts: readonly OrderContact[];
}

/** How the provider should reach the customer about this order. */
export interface ContactCustomer {
  readonly type: 'email' | 'phone';
  readonly value: string;
}

/** A copy of one of the company's billing addresses; `id` is the company's billing address id. */
export interface BillingAddressSnapshot {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly department: string;
  readonly addressLine1: string;
  readonly addressLine2?: string;
  readonly addressCity: string;
  readonly addressPostCode: string;
  readonly addressState?: string;
  readonly addressCountry: string;
  readonly accountingPhoneNumber?: string;
  /** Labelled GST number for Indian companies. */
  readonly taxNumber: string;
  readonly invoiceEmail?: string;
}

/**
 * Everything the customer fills in through the ordering flow. The console keeps the draft and sends the
 * whole of it on every save, so commands replace the content rather than patch it.
 */
export interface OrderContent {
  readonly endCustomer?: EndCustomer;
  readonly location?: OrderLocation;
  readonly timeframes: readonly TimeFrame[];
  readonly services: readonly OrderedService[];
  readonly equipments: readonly CustomerEquipment[];
  readonly additionalInformation: AdditionalInformation;
  readonly mobileSupport?: boolean;
  readonly couponCode?: string;
  readonly contacts: OrderContacts;
  readonly contactCustomer?: ContactCustomer;
  readonly billingAddress?: BillingAddressSnapshot;
}

export interface PurchaseOrder {
  /** Non-blank; customers without a PO number enter '-'. */
  readonly number: string;
  readonly document?: OrderFile;
}

/**
 * open: the offer the customer can accept (at most one at a time); superseded: replaced by a newer offer
 * or made void because the customer changed and resubmitted the request.
 */
export const OFFER_OUTCOMES = ['open', 'accepted', 'rejected', 'expired', 'removed', 'superseded'] as const;
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number];

/** What staff offer: the command's data, and what the offer event and the offer keep of it. */
export interface OfferTerms {
  readonly pdf: OrderFile;
  readonly attachments: readonly OrderFile[];
  readonly comment?: string;
  readonly externalComment?: string;
  /** Staff only. */
  readonly internalComment?: string;
  /** Must lie in the future when offered. */
  readonly expiresAt: Instant;
  /** The offered total, net of tax (the PDF states the details); absent on offers made before prices were recorded. */
  readonly price?: Money;
}

export interface Offer extends OfferTerms {
  readonly offerId: string;
  readonly offeredAt: Instant;
  readonly outcome: OfferOutcome;
  readonly removalReason?: string;
  readonly removedAt?: Instant;
  /** The customer asked for more time (the latest request). */
  readonly extensionRequestedAt?: Instant;
  /** The expiry before staff last extended it. */
  readonly originalExpiresAt?: Instant;
}

/** Staff only: the provider's forecast for this order. */
export interface FinancialInfo {
  readonly expectedRevenue: Money;
  /** Percent, 0 to 100. */
  readonly probability: number;
  readonly relevantForForecast: boolean;
  readonly estimatedReleaseDate?: LocalDate;
}

export interface ShortNotice {
  /** Hours from submission to the earliest requested start, rounded up. */
  readonly hoursToStart: number;
}

/** OEM job statuses, as the job-planning tool reports them. */
export const JOB_STATUSES = ['CREATED', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CLOSED', 'CANCELED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface TeamMember {
  readonly id: string;
  readonly name: string;
}

export interface Job {
  /** Our id for the job specification; the job-planning tool reports back under it. */
  readonly jobId: string;
  readonly status: JobStatus;
  readonly team: readonly TeamMember[];
  readonly schedule?: { readonly from: LocalDateTime; readonly to: LocalDateTime };
  /** What staff asked the planners for when preparing the job: the team size and the window (location-local). */
  readonly requestedTeamSize?: number;
  readonly requestedWindow?: { readonly from: LocalDateTime; readonly to: LocalDateTime };
}

export const FEEDBACK_TYPES = ['JOB_RATING', 'CUSTOMER_SATISFACTION', 'BACK_OFFICE_RATING', 'IMPROVEMENT_IDEAS', 'OTHER_IMPROVEMENT_AREA'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export interface FeedbackEntry {
  readonly type: FeedbackType;
  /** 1 to 5 stars, for the rated types. */
  readonly rating?: number;
  readonly comment?: string;
}

export const REJECTION_REASONS = [
  'SERVICE_NO_LONGER_NEEDED',
  'NEED_DIFFERENT_SERVICE',
  'USE_OWN_TECHNICIANS',
  'SOMEONE_ELSE',
  'PRICE_TOO_HIGH',
  'OTHER',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
