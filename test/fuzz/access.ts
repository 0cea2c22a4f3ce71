import type { RequestCase } from './cases';
import type { Answer } from './conformance';
import type { Operation } from './openapi';

/**
 * Who may get in, whatever else the request says. Each malformed case breaks one thing of a valid request, so:
 * a bearer operation asked with no token or a refused one answers 401 (429 once an address has failed too often), and
 * an operation where the bearer is optional (the PDF routes) answers 401 to a refused one;
 * a creator asking for another creator's report by id never gets it (404 as for a missing one, or the 400 any
 * caller gets for the same request).
 */
export function accessProblems(operation: Operation, testCase: RequestCase, answer: Answer): string[] {
  // The PDF routes take a token, a key, a share token or nothing, all read by the auth guard: a credential it refuses
  // answers 401 there as everywhere (429 once the address has failed too often), never the file.
  if (operation.bearer === 'optional' && (testCase.kind === 'auth: bad key' || testCase.kind === 'auth: bad token') && answer.status !== 401 && answer.status !== 429) {
    return [`${testCase.kind} answered ${answer.status}, not 401`];
  }
  if (operation.bearer !== 'required') return [];
  if (testCase.kind === 'auth: bad key' && answer.status !== 401 && answer.status !== 429) return [`a refused key answered ${answer.status}, not 401`];
  if (testCase.kind === 'auth: key out of scope' && answer.status !== 403 && answer.status !== 429) return [`a key out of its scope answered ${answer.status}, not 403`];
  if ((testCase.kind === 'auth: none' || testCase.kind === 'auth: bad token') && answer.status !== 401 && answer.status !== 429) {
    return [`${testCase.kind} answered ${answer.status}, not 401`];
  }
  const ownsPath = operation.parameters.some((p) => p.in === 'path' && p.name === 'reportId');
  if ((testCase.kind === 'auth: another creator' || testCase.kind === "auth: another creator's key") && ownsPath && answer.status < 400) {
    return [`another creator's request for a report answered ${answer.status}`];
  }
  return [];
}
