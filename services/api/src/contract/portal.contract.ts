/*
 * The other answers the console parses (catalogue, help, partner offers, dashboards, registration, passwords,
 * files, the dev outbox) against their shared schemas (D55). Types only, checked both ways like
 * orders.contract.ts. Answers whose declared type is already the schema's own type need no line here, nor the
 * commands declared in a table (common/command-routes.ts), whose answers are checked against their response schema.
 */
import type {
  LegalDocumentsSchema,
  Assignable,
  CatalogueSchema,
  CreatedIdSchema,
  FileLinksSchema,
  MissingServiceRequestSchema,
  OkAnswerSchema,
  SentAnswerSchema,
} from '@onsite/contracts';
import type { z } from 'zod';
import type { AgreementsController } from '../agreements/agreements.controller.js';
import type { CatalogueController } from '../catalogue/catalogue.controller.js';
import type { FileController } from '../files/get-file.js';
import type { PasswordController } from '../identity/password.controller.js';
import type { SessionController } from '../identity/session.controller.js';
import type { RegistrationController } from '../registration/registration.controller.js';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type In<Schema extends z.ZodType> = z.input<Schema>;
type Out<Schema extends z.ZodType> = z.output<Schema>;

type CatalogueSent = Answer<CatalogueController['catalogue']>;
export type CatalogueContract = [Assignable<CatalogueSent, In<typeof CatalogueSchema>>, Assignable<Out<typeof CatalogueSchema>, CatalogueSent>];
type MissingServiceSent = Answer<CatalogueController['missingServices']>[number];
export type MissingServiceContract = [
  Assignable<MissingServiceSent, In<typeof MissingServiceRequestSchema>>,
  Assignable<Out<typeof MissingServiceRequestSchema>, MissingServiceSent>,
];
type DescribedSent = Answer<CatalogueController['describeMissingService']>;
export type DescribeMissingServiceContract = [Assignable<DescribedSent, In<typeof CreatedIdSchema>>, Assignable<Out<typeof CreatedIdSchema>, DescribedSent>];

type SentSent = Answer<RegistrationController['resend']> | Answer<PasswordController['forgot']>;
export type SentContract = [Assignable<SentSent, In<typeof SentAnswerSchema>>, Assignable<Out<typeof SentAnswerSchema>, SentSent>];
type OkSent = Answer<SessionController['logOut']>;
export type OkContract = [Assignable<OkSent, In<typeof OkAnswerSchema>>, Assignable<Out<typeof OkAnswerSchema>, OkSent>];

type FileLinksSent = Answer<FileController['get']>;
export type FileLinksContract = [Assignable<FileLinksSent, In<typeof FileLinksSchema>>, Assignable<Out<typeof FileLinksSchema>, FileLinksSent>];

type LegalDocumentsSent = Answer<AgreementsController['legalDocuments']>;
export type LegalDocumentsContract = [
  Assignable<LegalDocumentsSent, In<typeof LegalDocumentsSchema>>,
  Assignable<Out<typeof LegalDocumentsSchema>, LegalDocumentsSent>,
];
