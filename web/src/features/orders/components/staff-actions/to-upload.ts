import { apiRequest } from '../../../../lib/api-client';
import type { UploadedFile } from '../../api/offer-actions';

/**
 * A picked file uploaded as the api takes files (multipart, POST /api/file/upload); the command then names it by
 * the upload id it answers. A refused upload (too large, not a PDF or image) is reported like any failed call.
 */
export async function toUpload(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { uploadId } = await apiRequest<{ uploadId: string }>('/file/upload', { form });
  return { uploadId };
}

/** Several files, one after the other (the api takes only a couple of uploads per user at once). */
export async function toUploads(files: readonly File[]): Promise<UploadedFile[]> {
  const uploaded: UploadedFile[] = [];
  for (const file of files) uploaded.push(await toUpload(file));
  return uploaded;
}
