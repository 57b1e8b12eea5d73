import { randomUUID } from 'node:crypto';
import {
  ChangeManualSchema,
  LANGUAGES,
  manualDecider,
  ManualInputSchema,
  manualStreamId,
  notFound,
  RemoveManualSchema,
  validationError,
  type ChangeManual,
  type ManualEntry,
  type ManualFile,
  type ManualState,
} from '@onsite/domain';
import { ManagedManualSchema, RemovedIdSchema } from '@onsite/contracts';
import { listManagedManuals } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import type { StoreUploads } from '../files/uploads.js';

const manual = useCasesOf(manualDecider);

async function manualNow(id: string, { runtime }: UseCaseFacts) {
  const found = (await listManagedManuals(runtime.documentStore)).find((m) => m.id === id);
  if (!found) throw notFound('There is no such manual.', 'manual_not_found');
  return found;
}

/**
 * The manual as the command sets it: its texts, and each language's file, a new upload, which must be a PDF, or the
 * manual's own stored file kept as it is (a stored path of anything else, an order's file for instance, is refused).
 */
async function entryOf(request: ChangeManual, state: ManualState, store: StoreUploads): Promise<ManualEntry> {
  const files: Partial<Record<(typeof LANGUAGES)[number], ManualFile>> = {};
  for (const language of LANGUAGES) {
    const given = request.files[language];
    if (!given) continue;
    const path = `files.${language}`;
    if ('uploadId' in given) {
      const [stored] = await store([{ upload: given, path }]);
      if (stored!.mimeType !== 'application/pdf') {
        const message = 'A manual is a PDF file.';
        throw validationError(message, [{ path, code: 'pdf_required', message }]);
      }
      files[language] = { path: stored!.path, name: stored!.name };
    } else {
      const own = state.entry && !state.removed && Object.values(state.entry.files).some((f) => f?.path === given.path);
      if (!own) {
        const message = "This file is not one of this manual's: upload it.";
        throw validationError(message, [{ path, code: 'upload_not_found', message }]);
      }
      files[language] = given;
    }
  }
  const { files: _input, ...texts } = request;
  return { ...texts, files: files as ManualEntry['files'] };
}

/**
 * The manuals' commands (D212), each on the manual's stream, each language's PDF uploaded first (POST /api/file/upload).
 * Staff administrators may; the decider refuses everyone else.
 */
export const MANUAL_USE_CASES = {
  createManual: manual({
    route: 'help-content/manuals/create',
    summary: 'Staff administrators: a new manual with its PDF per language (the server gives it its id).',
    schema: ManualInputSchema,
    response: ManagedManualSchema,
    target: () => {
      const id = randomUUID();
      return { streamId: manualStreamId(id), id, newStream: true };
    },
    command: async (request, { state, store, target }) => ({ type: 'CreateManual', entry: await entryOf({ ...request, id: target.id }, state, store) }),
    answer: (_request, facts) => manualNow(facts.target.id, facts),
  }),
  changeManual: manual({
    route: 'help-content/manuals/change',
    summary: "Staff administrators: a manual's texts, date or files (a new upload replaces a language's PDF; one left out is removed).",
    schema: ChangeManualSchema,
    response: ManagedManualSchema,
    target: (request) => ({ streamId: manualStreamId(request.id) }),
    command: async (request, { state, store }) => {
      if (!state.entry || state.removed) throw notFound('There is no such manual.', 'manual_not_found');
      return { type: 'ChangeManual', entry: await entryOf(request, state, store) };
    },
    answer: (request, facts) => manualNow(request.id, facts),
  }),
  removeManual: manual({
    route: 'help-content/manuals/remove',
    summary: 'Staff administrators: remove a manual; customers no longer see it, its history stays.',
    schema: RemoveManualSchema,
    response: RemovedIdSchema,
    target: (request) => ({ streamId: manualStreamId(request.id) }),
    command: (request) => ({ type: 'RemoveManual', id: request.id }),
    answer: (request) => ({ id: request.id }),
  }),
};
