import { Module, UnsupportedMediaTypeException } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { diskStorage } from 'multer';
import { multipartUploadName } from '../../infra/storage/multipart-partial';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { StorageService } from '../../infra/storage/storage.service';
import { AnalysisJobsModule } from '../analysis-jobs';
import { ReportDataModule } from '../reports';
import { SubscriptionsModule } from '../subscriptions';
import { TusUploadController } from './tus-upload.controller';
import { TusUploadService } from './tus-upload.service';
import { UploadController } from './upload.controller';
import { objectStoreMulter } from './object-store-multer';
import { invalidTypeMessage, isAcceptedVideo, MAX_UPLOAD_BYTES } from '@preflight/shared';
import { UploadService } from './upload.service';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { UploadSlots } from './upload-slots';

/** The extension (letters and digits only, it becomes part of a storage key) tells ffprobe the container. */
const multipartName = (file: Express.Multer.File) =>
  multipartUploadName(randomUUID(), extname(file.originalname).toLowerCase().slice(0, 6).replace(/[^a-z0-9.]/g, ''));

@Module({
  imports: [
    ReportDataModule,
    SubscriptionsModule,
    AnalysisJobsModule,
    // Multipart files stream straight to the store (local: the uploads folder) under a random name that names their
    // writer; nothing is held in memory.
    MulterModule.registerAsync({
      inject: [StorageService, OBJECT_STORE],
      useFactory: (storage: StorageService, store: ObjectStore) => ({
        storage:
          store.driver === 'local'
            ? diskStorage({ destination: storage.uploadsDir, filename: (_req, file, done) => done(null, multipartName(file)) })
            : objectStoreMulter(store, multipartName),
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024 },
        // Browsers send the filename's UTF-8 bytes without a charset; multer's default reads them as latin1.
        defParamCharset: 'utf8',
        // The name as sent: busboy's default keeps what follows the last "/" or "\\", which made
        // "<script>…</script>.mp4" "script>.mp4". Folders are hidden where the name is shown to others (fileNameOnly).
        preservePath: true,
        fileFilter: (_req, file, accept) =>
          isAcceptedVideo(file.originalname, file.mimetype)
            ? accept(null, true)
            : accept(new UnsupportedMediaTypeException(invalidTypeMessage(file.mimetype)), false),
      }),
    }),
  ],
  controllers: [UploadController, TusUploadController],
  providers: [UploadService, TusUploadService, IdempotencyStore, UploadSlots],
})
export class UploadModule {}
