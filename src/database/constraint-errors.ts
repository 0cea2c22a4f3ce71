/**
 * PostgreSQL's "foreign key violation" (23503): the row a new row points at was deleted after it was read, e.g. an
 * endpoint removed in another tab between the ownership check and the insert. TypeORM's QueryFailedError carries the
 * driver's code itself and in `driverError`.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  return code === '23503' || driverError?.code === '23503';
}
