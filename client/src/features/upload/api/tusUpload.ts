import { DetailedError, Upload } from 'tus-js-client';
import type { FeedbackStyle, PlatformChoice } from '@preflight/shared';
import { uploadFingerprint } from '../lib/unfinishedUploads';
import { describeUploadFailure, parseUploadResponse, UPLOAD_TIMEOUT_MS, type UploadErrorInfo, type UploadFailure } from '../lib/uploadErrors';

/** An upload that ended without a report id; `info.reason` is the text shown (docs/product.md, Errors). */
export class UploadFailedError extends Error {
  readonly info: UploadErrorInfo;
  constructor(info: UploadErrorInfo) {
    super(info.reason);
    this.name = 'UploadFailedError';
    this.info = info;
  }
}

export interface TusUploadOptions {
  /** e.g. `${API_BASE_URL}/api/upload/tus` */
  endpoint: string;
  feedbackStyle: FeedbackStyle;
  /** The target platform whose preset the report checks against; the API defaults to auto without it. */
  platform?: PlatformChoice;
  /** The signed-in user's token source; null when nobody is signed in. */
  getToken: (() => Promise<string>) | null;
  /** The signed-in user's id: part of the file's fingerprint, so only they are offered to resume it. */
  userId?: string;
  /** Bytes sent and total, as tus reports them. */
  onProgress: (sent: number, total: number) => void;
  timeoutMs?: number;
}

export interface TusUploadHandle {
  /** Resolves with the report id. Rejects with UploadFailedError. */
  done: Promise<string>;
  cancel: () => void;
}

const CHUNK_SIZE = 8 * 1024 * 1024;

function failureOf(error: unknown): UploadFailure {
  if (error instanceof DetailedError && error.originalResponse) {
    let body: string | null;
    try {
      body = error.originalResponse.getBody();
    } catch {
      body = null;
    }
    return { kind: 'tus', status: error.originalResponse.getStatus(), body };
  }
  return { kind: 'tus' };
}

/**
 * Resumable upload (tus 1.0) of one file. A previous, unfinished upload of the same file (same fingerprint, e.g. after
 * a page reload) resumes where it stopped.
 */
export function startTusUpload(file: File, options: TusUploadOptions): TusUploadHandle {
  const { getToken } = options;
  let settle: { resolve: (id: string) => void; reject: (e: UploadFailedError) => void } | null = null;
  let upload: Upload | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const done = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (result: { id: string } | { failure: UploadFailure }) => {
    const current = settle;
    if (!current) return;
    settle = null;
    clearTimeout(timer);
    if ('id' in result) current.resolve(result.id);
    else current.reject(new UploadFailedError(describeUploadFailure(result.failure)));
  };

  if (!getToken) {
    finish({ failure: { kind: 'unauthenticated' } });
    return { done, cancel: () => {} };
  }

  upload = new Upload(file, {
    endpoint: options.endpoint,
    metadata: { filename: file.name, filetype: file.type, feedbackStyle: options.feedbackStyle, ...(options.platform ? { platform: options.platform } : {}) },
    chunkSize: CHUNK_SIZE,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    // The upload's URL is kept under the file's fingerprint until it finishes: after a reload or a crash the upload
    // page offers it (unfinishedUploads.ts), and the same file picked again resumes from the server's offset.
    storeFingerprintForResuming: true,
    fingerprint: (source) => {
      const picked = source as File;
      return Promise.resolve(uploadFingerprint(picked, options.userId ?? 'anonymous'));
    },
    onBeforeRequest: async (req) => {
      req.setHeader('Authorization', `Bearer ${await getToken()}`);
    },
    onProgress: (sent, total) => options.onProgress(sent, total),
    onSuccess: ({ lastResponse }) => {
      const reportId = parseUploadResponse(lastResponse.getBody());
      finish(reportId ? { id: reportId } : { failure: { kind: 'invalid-response' } });
    },
    onError: (error) => finish({ failure: failureOf(error) }),
  });

  timer = setTimeout(() => {
    void upload?.abort(false);
    finish({ failure: { kind: 'timeout' } });
  }, options.timeoutMs ?? UPLOAD_TIMEOUT_MS);

  const started = upload;
  void started
    .findPreviousUploads()
    .then((previous) => {
      if (!settle) return;
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) started.resumeFromPreviousUpload(latest);
      started.start();
    })
    .catch(() => {
      if (settle) started.start();
    });

  return {
    done,
    cancel: () => {
      if (!settle) return;
      void started.abort(false);
      finish({ failure: { kind: 'cancelled' } });
    },
  };
}
