/** The admin console's server side (PROTOCOL §12.2–§12.3): the guard and, for now, configuration. */
export { createConfigAdmin, type ConfigAdmin } from './config-admin.service';
export { adminRoutes } from './admin.routes';
export { requireAdmin, requireAdminWrite } from './guard';
