/** The tabs of /admin/system-status, in order. */
export const SYSTEM_STATUS_TABS = ["connections", "wordpress", "upload"] as const;
export type SystemStatusTab = (typeof SYSTEM_STATUS_TABS)[number];
