/** The comparison page for two reports: the older one is A (the reference cut), the newer B (the new cut). */
export function compareHref(one: { id: string; created_at: string }, other: { id: string; created_at: string }): string {
  const [a, b] = Date.parse(one.created_at) <= Date.parse(other.created_at) ? [one, other] : [other, one];
  return `/compare?a=${encodeURIComponent(a.id)}&b=${encodeURIComponent(b.id)}`;
}

/** The upload page, remembering the cut the new upload is compared with. */
export const uploadNewCutHref = (reportId: string) => `/upload?compareWith=${encodeURIComponent(reportId)}`;
