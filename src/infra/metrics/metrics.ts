import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, defined once. The API and each worker keep their own registry (Prometheus scrapes
 * every process): the API exposes HTTP, upload and queue-depth figures at /metrics, a worker its analysis, queue-wait
 * and PDF figures on its metrics port.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'preflight_' });

const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'preflight_http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers,
});

export const uploadBytes = new Counter({
  name: 'preflight_upload_bytes_total',
  help: 'Bytes of accepted uploads, by protocol',
  labelNames: ['protocol'] as const,
  registers,
});

export const queueJobs = new Gauge({
  name: 'preflight_queue_jobs',
  help: 'Jobs in each queue by state, read from Redis at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const queueWaitSeconds = new Histogram({
  name: 'preflight_queue_wait_seconds',
  help: 'Time a job waited in its queue before a worker started it',
  labelNames: ['queue'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 3600],
  registers,
});

export const analysisDuration = new Histogram({
  name: 'preflight_analysis_duration_seconds',
  help: 'Wall time of one successful analysis',
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600],
  registers,
});

export const analysisDurationRatio = new Histogram({
  name: 'preflight_analysis_duration_ratio',
  help: 'Analysis wall time divided by the video duration (0.1 = ten times faster than real time)',
  buckets: [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2],
  registers,
});

export const analysisFailures = new Counter({
  name: 'preflight_analysis_failures_total',
  help: 'Analyses that failed, by reason: input (the file is at fault, not retried), error (retried)',
  labelNames: ['reason'] as const,
  registers,
});

export const pdfRenderDuration = new Histogram({
  name: 'preflight_pdf_render_seconds',
  help: 'Wall time of one PDF render (template, frames, Chromium print)',
  buckets: [0.25, 0.5, 1, 2, 3, 5, 10, 20, 60],
  registers,
});

/** Runs `work` and observes its duration in seconds on `histogram`, whether it succeeds or not. */
export async function timed<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
  const stop = histogram.startTimer();
  try {
    return await work();
  } finally {
    stop();
  }
}
