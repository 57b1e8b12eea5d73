import type { UploadedFile } from '../../api/offer-actions';

/** A picked file as the api takes uploads: a data URL and the file's name. */
export function toUpload(file: File): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ base64: String(reader.result), name: file.name, mime: file.type || undefined });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
