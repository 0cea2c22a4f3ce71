import { config as zodConfig } from 'zod/v4/core';

// Zod (the shared report schema) probes whether it may compile validators with `new Function`; under our content
// security policy (no 'unsafe-eval') that probe is a CSP violation in the console. Validate without compiling. Set
// here, beside the only validators the app runs, so pages that validate nothing never download zod.
zodConfig({ jitless: true });

/** The report and comparison validators (the engine's own schema); import them from here, never from the package. */
export { parseComparison, parseServedReport } from '@preflight/shared';
