import { z } from 'zod';

/** An order's file: a signed link asked for (`POST /api/file/get`), and the link's own query. */
export const GetFileRequestSchema = z
  .object({ fileName: z.string().trim().min(1, 'This field is required.').max(200), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'GetFile', description: 'fileName is the storage path of a file of an order the caller may see.' });
export type GetFileRequest = z.infer<typeof GetFileRequestSchema>;

export const DownloadFileQuerySchema = z.object({ name: z.string().min(1).max(255), token: z.string().min(1).max(200) }).meta({ id: 'DownloadFile' });
export type DownloadFileQuery = z.infer<typeof DownloadFileQuerySchema>;
