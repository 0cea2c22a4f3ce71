import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isUploadRoute } from './http-limits';

/** When an upload's body counts as stalled or crawling (UPLOAD_STALL_MS, UPLOAD_MIN_BYTES_PER_SECOND, UPLOAD_PACE_WINDOW_MS). */
export interface PaceLimits {
  stallMs: number;
  minBytesPerSecond: number;
  windowMs: number;
}

/** What a cut upload is told. A tus client asks for the offset (HEAD) and sends the rest from there. */
const RESUME_HINT = 'Check the connection and send it again (a resumable upload continues from where it stopped).';
export const stalledMessage = (limits: PaceLimits) => `The upload stalled: no data arrived for ${seconds(limits.stallMs)}. ${RESUME_HINT}`;
export const crawlingMessage = (limits: PaceLimits) =>
  `The upload is too slow: under ${limits.minBytesPerSecond / 1000} kB/s over the last ${seconds(limits.windowMs)}. ${RESUME_HINT}`;
export const SHUTDOWN_MESSAGE = 'The server is restarting: send the upload again in a moment (a resumable upload continues from where it stopped).';
const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

interface OpenUpload {
  req: Request;
  res: Response;
  stop: () => void;
}

/**
 * Every upload request's body (multipart and tus) is watched while it arrives, and cut with a 408 when the client
 * stalls or crawls: before, a body sent at 1 byte/s held its connection for the hour an upload may take. The socket's
 * byte count is sampled; time during which the server is the slow side (bytes read but not yet taken by the upload's
 * consumer, which then holds the socket back) is not the client's, and does not count. The open uploads are also
 * what a stop answers at once (closeAll), so that the process exits in seconds rather than after the last upload.
 */
export class OpenUploads {
  private readonly open = new Set<OpenUpload>();
  /** Sampling period: a tenth of the shorter limit, so a cut comes at most 10 % late. */
  private readonly tickMs: number;

  constructor(private readonly limits: PaceLimits) {
    this.tickMs = Math.max(50, Math.min(limits.stallMs, limits.windowMs) / 10);
  }

  get size(): number {
    return this.open.size;
  }

  readonly watch = (req: Request, res: Response, next: NextFunction): void => {
    if (!isUploadRoute(req.path) || req.complete) return next();
    const socket = req.socket;
    let lastBytes = socket.bytesRead;
    let lastProgress = Date.now();
    /** (time, bytes) samples over the last window; judged once the oldest is a full window old. */
    let samples: [number, number][] = [[lastProgress, lastBytes]];
    const timer = setInterval(() => {
      const now = Date.now();
      const bytes = socket.bytesRead;
      // The consumer is behind (bytes wait in the request's buffer): the client is not the slow side right now.
      if (req.readableLength > 0 || bytes > lastBytes) lastProgress = now;
      if (req.readableLength > 0) samples = [];
      lastBytes = bytes;
      samples.push([now, bytes]);
      if (now - lastProgress >= this.limits.stallMs) return this.cut(entry, 408, stalledMessage(this.limits));
      while (samples.length > 1 && now - samples[1][0] >= this.limits.windowMs) samples.shift();
      const [since, from] = samples[0];
      if (now - since >= this.limits.windowMs && ((bytes - from) * 1000) / (now - since) < this.limits.minBytesPerSecond) {
        this.cut(entry, 408, crawlingMessage(this.limits));
      }
    }, this.tickMs);
    timer.unref();
    const entry: OpenUpload = {
      req,
      res,
      stop: () => {
        clearInterval(timer);
        this.open.delete(entry);
      },
    };
    this.open.add(entry);
    req.once('end', entry.stop); // the whole body arrived: what the handler does next is not the client's pace
    res.once('close', entry.stop);
    next();
  };

  /** On stop: every upload still arriving is answered 503 and its connection closed. Answers how many there were. */
  closeAll(): number {
    const open = [...this.open];
    for (const entry of open) this.cut(entry, 503, SHUTDOWN_MESSAGE, { 'Retry-After': '5' });
    return open.length;
  }

  /**
   * Answers the upload and closes its connection: a client still sending reads the answer (the upload routes close a
   * refused body's connection after a short linger, early-refusal.ts), and the consumer then sees the body end early,
   * as for a dropped connection (multer removes the partial file; tus keeps what arrived, at its offset).
   */
  private cut(entry: OpenUpload, status: number, message: string, headers: Record<string, string> = {}): void {
    entry.stop();
    const { res, req } = entry;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const body = JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', Connection: 'close', ...headers });
    res.end(body);
  }
}
