import { ContactKind, GroupRole, type Contact } from '@parley/protocol';

/** Tabs of the group list (spec §2): created = I own it, managed = I am a manager, joined = member. */
export type GroupTab = 'created' | 'managed' | 'joined';

const roleOfTab: Record<GroupTab, number> = {
  created: GroupRole.owner,
  managed: GroupRole.manager,
  joined: GroupRole.member,
};

export function groupsByTab(contacts: readonly Contact[], tab: GroupTab): Contact[] {
  return contacts
    .filter((c) => c.is_group === ContactKind.group && Number(c.role ?? GroupRole.member) === roleOfTab[tab])
    .sort((a, b) => (a.name_py ?? a.displayName).localeCompare(b.name_py ?? b.displayName));
}
