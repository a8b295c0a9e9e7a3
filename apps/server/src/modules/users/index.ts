/** User accounts as rows and as the Self / card shapes; the per-node user cache; profile and settings routes. */
export { createUsersService, type UsersService } from './users.service';
export { usersRoutes } from './users.routes';
export * as usersRepo from './users.repo';
export type { UserRow, NewUser, UserPatch, ContactUserRow } from './users.repo';
export { namePy, verifyUserCode, maskAccount, maskIp, avatarUrl, absoluteUrl } from './present';
export { checkAccount, checkPassword, checkRealname, checkEmail, checkSex, isEmail, isMobile } from './rules';
export * as usersAdminRepo from './admin.repo';
/** Active users and customer-service links, for the contact set (contacts sits above users). */
export * as activeUsersRepo from './active.repo';
export type { OrgReads } from './org-reads';
