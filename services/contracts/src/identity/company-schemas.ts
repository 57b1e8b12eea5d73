import { z } from 'zod';
import { COUNTRY_CODES } from '@onsite/domain';
import { USER_TYPES } from '@onsite/domain';
import { billingAddressField, emailField, phoneField } from '@onsite/domain';

/** Requests and answers of the company screens, shared by the api and the console. */
const id = z.string().trim().min(1, 'This field is required.').max(100);
const tag = z.string().trim().min(1, 'This field is required.').max(60);
const text = (max = 200) => z.string().trim().max(max).optional();

export const CompanyDetailsSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(200).optional(),
  registrationNumber: text(60),
  contactPersonFirstName: text(),
  contactPersonLastName: text(),
  contactPersonEmail: emailField.optional(),
  contactPersonDepartment: text(),
  address: z
    .object({
      addressLine1: z.string().trim().min(1).max(200),
      addressLine2: text(),
      city: z.string().trim().min(1).max(100),
      postCode: z.string().trim().min(1).max(40),
      state: text(100),
    })
    .optional(),
  companyPhone: phoneField.optional(),
  accountingPhone: phoneField.optional(),
  invoiceEmail: emailField.optional(),
  taxNumber: text(60),
  completed: z.boolean().optional(),
});
/** Strict: a staff-only field (SAP number, type, country) sent by a company admin is refused, not dropped. */
export const UpdateCompanySchema = CompanyDetailsSchema.extend({ companyId: id, onBehalfOfUserId: z.string().optional() })
  .strict()
  .meta({ id: 'UpdateCompany' });
export const StaffUpdateCompanySchema = CompanyDetailsSchema.extend({
  companyId: id,
  sapNumber: text(40),
  type: z.enum(USER_TYPES).optional(),
  country: z.enum(COUNTRY_CODES as [string, ...string[]]).optional(),
}).meta({ id: 'StaffUpdateCompany' });
export const AddBillingAddressSchema = z
  .object({ companyId: id, billingAddress: billingAddressField, onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'AddBillingAddress' });
export const UpdateBillingAddressSchema = z
  .object({ companyId: id, billingAddress: billingAddressField.and(z.object({ _id: id })), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'UpdateBillingAddress' });
export const DeleteBillingAddressSchema = z
  .object({ companyId: id, billingAddressId: id, onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'DeleteBillingAddress' });
export const CompanyByUidSchema = z.object({ uid: id, onBehalfOfUserId: z.string().optional() }).meta({ id: 'CompanyByUid' });
export const CompanyTagSchema = z.object({ companyId: id, tag }).meta({ id: 'CompanyTag' });
export const RenameCompanyTagSchema = z.object({ companyId: id, from: tag, to: tag }).meta({ id: 'RenameCompanyTag' });
export const FindCompanyTagSchema = z.object({ tag: z.string().trim().max(60) }).meta({ id: 'FindCompanyTag' });
export const CompanyListSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
    sort: z.object({ field: z.enum(['createdAt', 'updatedAt', 'name', 'sapNumber', 'type']), direction: z.enum(['asc', 'desc']) }).optional(),
    filter: z.object({ type: z.enum(USER_TYPES).optional(), tag: tag.optional() }).default({}),
    search: z.string().trim().max(100).optional(),
  })
  .meta({ id: 'CompanyList' });

export type CompanyListRequest = z.infer<typeof CompanyListSchema>;
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanySchema>;

/** Staff add a customer company (companies: add company); it starts incomplete. */
export const CreateCompanySchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required.').max(200),
    type: z.enum(['OEM', 'EC']),
    country: z.enum(COUNTRY_CODES as [string, ...string[]]),
    sapNumber: text(40),
  })
  .meta({ id: 'CreateCompany' });
export type CreateCompanyRequest = z.infer<typeof CreateCompanySchema>;

const nullableText = z.string().nullable();
const optionalText = z.string().optional();

export const BillingAddressSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    department: z.string(),
    addressLine1: z.string(),
    addressLine2: optionalText,
    addressCity: z.string(),
    addressPostCode: z.string(),
    addressState: optionalText,
    addressCountry: z.string(),
    accountingPhoneNumber: optionalText,
    taxNumber: z.string(),
    invoiceEmail: optionalText,
  })
  .meta({ id: 'BillingAddress' });
export type BillingAddressView = z.infer<typeof BillingAddressSchema>;

/** The company as company information shows it. */
export const CompanyViewSchema = z
  .object({
    _id: z.string(),
    uid: z.string(),
    name: z.string(),
    type: z.enum(USER_TYPES),
    country: z.string(),
    sapNumber: nullableText,
    registrationNumber: nullableText,
    completed: z.boolean(),
    selfRegistered: z.boolean(),
    contactPersonFirstName: nullableText,
    contactPersonLastName: nullableText,
    contactPersonEmail: nullableText,
    contactPersonDepartment: nullableText,
    address: z.object({ addressLine1: z.string(), addressLine2: optionalText, city: z.string(), postCode: z.string(), state: optionalText }).nullable(),
    companyPhone: nullableText,
    accountingPhone: nullableText,
    invoiceEmail: nullableText,
    taxNumber: nullableText,
    tags: z.array(z.string()),
    billingAddresses: z.array(BillingAddressSchema),
    responsibleUserId: nullableText,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CompanyView' });
export type CompanyViewData = z.infer<typeof CompanyViewSchema>;

export const CompanyRowSchema = z
  .object({
    _id: z.string(),
    uid: z.string(),
    name: z.string(),
    type: z.enum(USER_TYPES),
    sapNumber: nullableText,
    country: z.string(),
    tags: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    contactPerson: nullableText,
  })
  .meta({ id: 'CompanyRow' });
export type CompanyRowData = z.infer<typeof CompanyRowSchema>;

export const CompanyListPageSchema = z
  .object({ items: z.array(CompanyRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'CompanyListPage' });

export const BillingAddressesSchema = z.object({ billingAddresses: z.array(BillingAddressSchema) }).meta({ id: 'BillingAddresses' });
