import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';

const REQUEST_ID = /^[\w-]{8,64}$/;

/** pino-pretty as one line per event: time, level, context and message, then the fields. */
function prettyTransport() {
  return {
    target: 'pino-pretty',
    options: { singleLine: true, colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

/** Nest's start-up inventory (every module and route, ~60 lines): shown only with LOG_LEVEL=debug, so a start shows what matters. */
const START_UP_INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

const hooks = {
  logMethod(this: { isLevelEnabled(level: string): boolean }, args: unknown[], method: (...a: unknown[]) => void, level: number) {
    const context = (args[0] as { context?: unknown } | null)?.context;
    const inventory = level === 30 && typeof context === 'string' && START_UP_INVENTORY.has(context); // 30: info
    if (inventory && !this.isLevelEnabled('debug')) return;
    method.apply(this, args);
  },
};

/** The worker's logs: the same level and format as the API's, no HTTP. */
export function workerLoggerParams(config: AppConfig): Params {
  return { pinoHttp: { level: config.logLevel, hooks, ...(config.logFormat === 'pretty' ? { transport: prettyTransport() } : {}) } };
}

/** Structured request logs; every request gets an id (the caller's X-Request-Id when well-formed) echoed back. */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      hooks,
      ...(config.logFormat === 'pretty' ? { transport: prettyTransport() } : {}),
      genReqId(req: IncomingMessage, res: ServerResponse) {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Never log tokens or cookies.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["upload-metadata"]'],
      autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') === true },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      // Keep lines short: who asked for what, and the outcome.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
