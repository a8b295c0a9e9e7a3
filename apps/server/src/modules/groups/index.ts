/** Groups (PROTOCOL §6): membership, roles, settings, the group QR code and join grants, group cards. */
export { createGroups, type Groups } from './groups.service';
export { groupsRoutes } from './groups.routes';
export type { GroupsDeps } from './context';
export { createGroupAvatars, type GroupAvatars } from './avatars';
/** Membership reads, handed to contacts, messages and realtime by createServices (they cannot import groups). */
export * as memberReadsRepo from './member-reads.repo';
