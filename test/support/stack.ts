import { join } from 'node:path';

export type StackProcess = 'api' | 'worker';

export interface TestStack {
  baseUrl: string;
  pid(name: StackProcess): number;
  restarts(name: StackProcess): number;
  /** Kills the process by PID; resolves with the pid of the one the supervisor starts next. */
  kill(name: StackProcess, signal?: NodeJS.Signals): Promise<number>;
  stop(): Promise<void>;
}

const root = join(__dirname, '..', '..');

/** The built product (`npm test` builds it first) as `npm start` runs it, on this run's database, queue prefix and emulator. */
export async function startTestStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
  const lib = (await import(join(root, 'scripts', 'lib', 'stack.mjs'))) as {
    stackEnv(o: Record<string, string>): Record<string, string>;
    startStack(env: Record<string, string>): Promise<TestStack>;
  };
  return lib.startStack(
    lib.stackEnv({
      PORT: String(await services.freePort()),
      DATABASE_URL: process.env.DATABASE_URL!,
      QUEUE_PREFIX: process.env.QUEUE_PREFIX!,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID!,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      LOG_LEVEL: 'error',
      ...overrides,
    }),
  );
}
