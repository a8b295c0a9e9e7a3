import { isAdmin, Role } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';
import type { UserRow } from '../users/index';
import type { ConfigService } from '../config/index';

/**
 * The admin guard of PROTOCOL §12.2: a system admin (role 1 or 2), else 400 `auth.notAdmin`
 * (never -1: the session is fine, the rights are not). In demo mode only the
 * super-administrator may write.
 */
export function requireAdmin(user: UserRow): void {
  if (!isAdmin(user)) throw new AppError(400, 'auth.notAdmin');
}

export async function requireAdminWrite(user: UserRow, config: Pick<ConfigService, 'systemInfo'>): Promise<void> {
  requireAdmin(user);
  if ((await config.systemInfo()).demon_mode && user.role !== Role.superAdmin) {
    throw new AppError(400, 'common.demoMode');
  }
}
