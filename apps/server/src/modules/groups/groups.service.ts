import { AUTO_GROUP_STATE, createAutoGroups } from './auto.service';
import { createGroupAdmin } from './admin.service';
import { createGroupContext, type GroupsDeps } from './context';
import { createManagement } from './manage.service';
import { createMembership } from './membership.service';
import { createGroupReader } from './read.service';

/** The groups module's services over one shared context (lookups, permission checks, pushes). */
export function createGroups(deps: GroupsDeps) {
  const ctx = createGroupContext(deps);
  const state = {
    read: () => deps.config.raw(AUTO_GROUP_STATE),
    write: (v: unknown) => deps.config.set(AUTO_GROUP_STATE, v),
  };
  return {
    ...createMembership(deps, ctx),
    ...createManagement(deps, ctx),
    ...createGroupReader(deps, ctx),
    ...createAutoGroups({ ...deps, state }, ctx),
    admin: createGroupAdmin(deps, ctx),
  };
}
export type Groups = ReturnType<typeof createGroups>;
