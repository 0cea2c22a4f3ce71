import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../shared/auth';
import { API_BASE_URL, notifyPaymentRequired } from '../../../shared/api';
import { startTusUpload, UploadFailedError, type TusUploadHandle } from '../api/tusUpload';
import { DEFAULT_FEEDBACK_STYLE, DEFAULT_PLATFORM, type FeedbackStyle, type PlatformChoice } from '@preflight/shared';
import { addFiles, pendingItems, percent, removeItem, updateItem, type QueueItem } from '../lib/queue';
import { NOT_UPLOADED_PLAN_TEXT, uploadFailedToast } from '../lib/uploadErrors';

export const UPLOAD_COMPLETE_TOAST = 'Upload complete - Analysis started automatically';
export const TUS_ENDPOINT = `${API_BASE_URL.replace(/\/+$/, '')}/api/upload/tus`;

export type Starter = typeof startTusUpload;

export interface UploadQueueApi {
  queue: QueueItem[];
  rejected: string[];
  feedbackStyle: FeedbackStyle;
  setFeedbackStyle: (style: FeedbackStyle) => void;
  platform: PlatformChoice;
  setPlatform: (platform: PlatformChoice) => void;
  add: (files: readonly File[]) => void;
  remove: (id: string) => void;
  cancel: (id: string) => void;
  uploadAll: () => void;
  /** Adds a file picked again to resume an unfinished upload, and starts it (it resumes from the server's offset). */
  resume: (file: File) => void;
  dismissRejected: () => void;
  busy: boolean;
}

/**
 * The upload queue of the Upload page: validation on add, tus uploads with honest byte progress, the error texts of docs/product.md and
 * toasts. `onBatchDone` gets the report ids of the uploads that finished and whether any failed.
 */
export function useUploadQueue(options: {
  onUploaded: (reportId: string) => void;
  onBatchDone: (result: { reportIds: string[]; failed: number }) => void;
  start?: Starter;
}): UploadQueueApi {
  const { state } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [feedbackStyle, setFeedbackStyle] = useState<FeedbackStyle>(DEFAULT_FEEDBACK_STYLE);
  const [platform, setPlatform] = useState<PlatformChoice>(DEFAULT_PLATFORM);
  const handles = useRef(new Map<string, TusUploadHandle>());
  const queueRef = useRef(queue);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref: the callbacks stay stable and read the queue of the last render
  queueRef.current = queue;
  const optionsRef = useRef(options);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref, as above, for the caller's callbacks
  optionsRef.current = options;

  useEffect(() => {
    const live = handles.current;
    return () => live.forEach((handle) => handle.cancel());
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const result = addFiles(queueRef.current, files);
      queueRef.current = result.queue;
      setQueue(result.queue);
      setRejected(result.rejected);
      if (result.limitMessage) enqueueSnackbar(result.limitMessage, { variant: 'error' });
    },
    [enqueueSnackbar],
  );

  const remove = useCallback((id: string) => setQueue((q) => removeItem(q, id)), []);
  const cancel = useCallback((id: string) => handles.current.get(id)?.cancel(), []);

  const user = state.status === 'signedIn' ? state.user : null;

  const startItems = useCallback((items: QueueItem[]) => {
    if (!items.length) return;
    const start = optionsRef.current.start ?? startTusUpload;
    setQueue((q) => q.map((item) => (items.some((i) => i.id === item.id) ? { ...item, status: 'uploading', progress: 0, error: undefined } : item)));
    const getToken = user ? () => user.getIdToken() : null;
    const userId = user?.uid;
    let paymentNotified = false;

    const runs = items.map(async (item) => {
      const handle = start(item.file, {
        endpoint: TUS_ENDPOINT,
        feedbackStyle,
        platform,
        getToken,
        userId,
        onProgress: (sent, total) => setQueue((q) => updateItem(q, item.id, { progress: percent(sent, total) })),
      });
      handles.current.set(item.id, handle);
      try {
        const reportId = await handle.done;
        setQueue((q) => updateItem(q, item.id, { status: 'completed', progress: 100, reportId }));
        optionsRef.current.onUploaded(reportId);
        return reportId;
      } catch (error) {
        const info =
          error instanceof UploadFailedError ? error.info : { reason: 'Upload failed (network)', paymentRequired: false };
        setQueue((q) => updateItem(q, item.id, { status: 'error', error: info.paymentRequired ? NOT_UPLOADED_PLAN_TEXT : info.reason }));
        // A 402's words are the dialog's alone (one message, shown once); other failures get their toast.
        if (!info.paymentRequired) enqueueSnackbar(uploadFailedToast(item.file.name, info.reason), { variant: 'error' });
        if (info.paymentRequired && !paymentNotified) {
          paymentNotified = true;
          notifyPaymentRequired({ message: info.reason, ...(info.paymentReason ? { reason: info.paymentReason } : {}) });
        }
        return null;
      } finally {
        handles.current.delete(item.id);
      }
    });

    void Promise.all(runs).then((ids) => {
      const reportIds = ids.filter((id): id is string => !!id);
      if (reportIds.length) enqueueSnackbar(UPLOAD_COMPLETE_TOAST, { variant: 'success' });
      optionsRef.current.onBatchDone({ reportIds, failed: ids.length - reportIds.length });
    });
  }, [enqueueSnackbar, feedbackStyle, platform, user]);

  const uploadAll = useCallback(() => startItems(pendingItems(queueRef.current)), [startItems]);
  const resume = useCallback(
    (file: File) => {
      const before = new Set(queueRef.current.map((item) => item.id));
      add([file]);
      startItems(queueRef.current.filter((item) => !before.has(item.id)));
    },
    [add, startItems],
  );

  return {
    queue,
    rejected,
    feedbackStyle,
    setFeedbackStyle,
    platform,
    setPlatform,
    add,
    remove,
    cancel,
    uploadAll,
    resume,
    dismissRejected: () => setRejected([]),
    busy: queue.some((item) => item.status === 'uploading'),
  };
}
