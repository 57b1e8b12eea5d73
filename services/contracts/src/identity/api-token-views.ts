import { z } from 'zod';
import { API_TOKEN_SCOPES } from '@onsite/domain';

const person = z.object({ userId: z.string(), name: z.string().nullable() });

export const ListApiTokensSchema = z
  .object({ companyId: z.string().trim().min(1).max(100).optional(), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'ListApiTokens', description: "Staff name the company; customers get their own company's tokens." });

/** A token as its company's administrators see it (never its secret nor its hash). */
export const ApiTokenViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    companyId: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    /** The user whose rights it acts with, and that user's role when it was made. */
    actsAs: person.extend({ role: z.string() }),
    createdBy: person,
    createdOnBehalfOf: person.optional(),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    revokedBy: person.nullable(),
  })
  .meta({ id: 'ApiToken' });

export type ApiTokenView = z.infer<typeof ApiTokenViewSchema>;

/** The company's tokens and the users a new token may act as. */
export const ApiTokenListSchema = z
  .object({
    companyId: z.string(),
    tokens: z.array(ApiTokenViewSchema),
    users: z.array(z.object({ userId: z.string(), name: z.string(), role: z.string() })),
  })
  .meta({ id: 'ApiTokenList' });

export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The answer of a creation: the token as listed, and the secret, shown this once. */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenViewSchema, secret: z.string() }).meta({ id: 'CreatedApiToken' });

export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
