import { z } from 'zod';

/** Small answers of the api that carry no document, shared with the console like every other answer (docs/api.md). */
export const OkAnswerSchema = z.object({ ok: z.literal(true) }).meta({ id: 'OkAnswer' });
export const SentAnswerSchema = z.object({ sent: z.literal(true) }).meta({ id: 'SentAnswer' });
export const VerifiedAnswerSchema = z.object({ verified: z.literal(true) }).meta({ id: 'VerifiedAnswer' });
export const LeadAnswerSchema = z.object({ leadId: z.string() }).meta({ id: 'LeadAnswer' });
export const CreatedIdSchema = z.object({ _id: z.string() }).meta({ id: 'CreatedId' });
/** `POST /api/file/get`: signed download links, valid for minutes. */
export const FileLinksSchema = z.array(z.string()).meta({ id: 'FileLinks' });
/** A removal's answer: the id of what was removed. */
export const RemovedIdSchema = z.object({ id: z.string() });
/** One signed download link. */
export const FileLinkSchema = z.object({ url: z.string() });
/** `GET /api/setup`: the first-run setup is still to be done (404 once it is). */
export const SetupPendingSchema = z.object({ pending: z.literal(true) });
