import type { Provider } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FileLinks } from './file-links.js';
import { FILE_STORAGE } from './file-storage.js';
import { FileController, GetFileHandler } from './get-file.js';
import { LocalDiskFileStorage } from './local-disk-file-storage.js';
import { UploadController } from './upload.controller.js';
import { FileUploads } from './uploads.js';

export const FILE_CONTROLLERS = [FileController, UploadController];
export const FILE_PROVIDERS: Provider[] = [
  { provide: FILE_STORAGE, inject: [RUNTIME], useFactory: (runtime: Runtime) => LocalDiskFileStorage.for(runtime.config) },
  FileLinks,
  FileUploads,
  GetFileHandler,
];
