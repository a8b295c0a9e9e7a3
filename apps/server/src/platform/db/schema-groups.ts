/** Tables of migration 0005 (groups); conventions as in schema.ts. */

export interface GroupJoinGrantsTable {
  user_id: number;
  group_id: number;
  inviter_id: number;
  /** Unix seconds. */
  expire_time: number;
}

export interface GroupTables {
  group_join_grants: GroupJoinGrantsTable;
}
