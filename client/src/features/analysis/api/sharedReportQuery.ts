/** The cache key of a shared report; a server-rendered page carries its report under this key (entry-server.tsx). */
export const sharedReportQueryKey = (token: string | undefined) => ['public', 'shared-report', token] as const;
