/** Server-state cache keys that more than one feature reads or invalidates. */
export const dashboardReportsKey = ['dashboard', 'reports'] as const;
