/**
 * The admin console's server side (PROTOCOL §12.2–§12.3): the guard, configuration, every
 * `/manage/*` endpoint, the dashboard's `statistics` push, the audit log and the nightly purge.
 * Owns the tables `admin_audit` and `admin_leases`; reaches users, groups, messages and files
 * through their index.ts.
 */
export { createConfigAdmin, type ConfigAdmin } from './config-admin.service';
export { adminRoutes } from './admin.routes';
export { manageRoutes, type ManageDeps } from './manage.routes';
export { orgAdminRoutes } from './org-admin.routes';
export { createAudit, type Audit } from './audit';
export { createUsersAdmin, type UsersAdmin } from './users-admin.service';
export { createDashboard, type Dashboard } from './dashboard';
export { createPurge, type Purge, type PurgeResult } from './purge';
export { createMailTest } from './mail-test';
/** Named leases of one node of many (the purge's; directory sync takes its own). */
export * as leases from './leases.repo';
