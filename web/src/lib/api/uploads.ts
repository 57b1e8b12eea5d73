import { type FileUpload } from '@onsite/domain';
import { UploadReceiptSchema } from '@onsite/contracts';
import { apiRequest } from './api-client';

/**
 * A picked file uploaded as the api takes files (multipart, POST /api/file/upload, D128); a command then names it by
 * the upload id it answers. A refused upload (too large, not a PDF or image) is reported like any failed call, unless
 * the caller shows those errors itself (`handled`).
 */
export async function toUpload(file: File, handled: readonly string[] = []): Promise<FileUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { uploadId } = await apiRequest('/file/upload', { form, schema: UploadReceiptSchema, handledErrors: handled });
  return { uploadId };
}

/** Several files, one after the other (the api takes only a couple of uploads per user at once). */
export async function toUploads(files: readonly File[]): Promise<FileUpload[]> {
  const uploaded: FileUpload[] = [];
  for (const file of files) uploaded.push(await toUpload(file));
  return uploaded;
}
