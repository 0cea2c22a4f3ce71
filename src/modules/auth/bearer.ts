/** The token of an `Authorization: Bearer <token>` header, or null when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header?.trim() ?? '');
  return match ? match[1] : null;
}
