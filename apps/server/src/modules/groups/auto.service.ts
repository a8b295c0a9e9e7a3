import { defaultGroupSetting, formatMsg, GroupRole } from '@parley/protocol';
import { nowSeconds } from '../../platform/clock';
import { withTx } from '../../platform/db/index';
import type { RequestView } from '../../platform/http/router';
import { namePy, type UserRow } from '../users/index';
import type { GroupContext, GroupsDeps } from './context';
import * as repo from './groups.repo';
import { announceJoin } from './member-changes';

/** Which automatic group is filling now (`chatInfo.autoAddGroup`); kept with the settings. */
export const AUTO_GROUP_STATE = 'autoGroupState';
interface AutoGroupState {
  group_id: number;
  seq: number;
}
const isState = (v: unknown): v is AutoGroupState =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as AutoGroupState).group_id === 'number' &&
  typeof (v as AutoGroupState).seq === 'number';

export interface AutoGroupSpec {
  name: string;
  owner: UserRow;
  userMax: number;
}

/**
 * runMode 2 extra `autoAddGroup` (PROTOCOL §2.4 register): a new user joins the current automatic
 * group; when it has `userMax` members (or there is none yet), the next one, `name` + number and
 * owned by the configured owner, is opened. Everyone concerned sees it live.
 */
export function createAutoGroups(
  deps: GroupsDeps & { state: { read(): Promise<unknown>; write(v: AutoGroupState): Promise<void> } },
  ctx: GroupContext,
) {
  const { db, clock } = deps;

  async function joinExisting(groupId: number, user: UserRow, owner: UserRow, r: RequestView): Promise<void> {
    const group = await ctx.group(groupId);
    await withTx(
      db,
      async (tx, onCommit) => {
        const before = await ctx.members(groupId, tx);
        await ctx.addMembers(
          tx,
          groupId,
          [{ user_id: user.id, role: GroupRole.member, invite_id: owner.id }],
          nowSeconds(clock),
        );
        await announceJoin(deps, ctx, tx, onCommit, { group, user, inviterId: owner.id, before, r });
      },
      deps.log,
    );
  }

  async function openNext(seq: number, spec: AutoGroupSpec, user: UserRow, r: RequestView): Promise<number> {
    const name = `${spec.name || formatMsg('group.defaultName', r.lang)}${seq}`;
    const members = [
      { user_id: spec.owner.id, role: GroupRole.owner },
      ...(user.id === spec.owner.id ? [] : [{ user_id: user.id, role: GroupRole.member }]),
    ];
    return withTx(
      db,
      async (tx, onCommit) => {
        const now = nowSeconds(clock);
        const id = await repo.insertGroup(tx, {
          name,
          name_py: namePy(name),
          owner_id: spec.owner.id,
          setting: JSON.stringify(defaultGroupSetting),
          now,
        });
        await ctx.addMembers(
          tx,
          id,
          members.map((m) => ({ ...m, invite_id: spec.owner.id })),
          now,
        );
        const row = await ctx.eventRow(
          tx,
          id,
          spec.owner,
          { key: 'group.eventCreated', params: { name: spec.owner.realname } },
          r.lang,
        );
        onCommit(async () => {
          await ctx.pushAddGroup(id, spec.owner, members, row.content, r);
          deps.refreshAvatar(id);
        });
        return id;
      },
      deps.log,
    );
  }

  return {
    async joinAutomatic(user: UserRow, spec: AutoGroupSpec, r: RequestView): Promise<void> {
      const raw = await deps.state.read();
      const state = isState(raw) ? raw : { group_id: 0, seq: 0 };
      const current = state.group_id ? await repo.memberIds(db, state.group_id).catch(() => []) : [];
      const exists = state.group_id > 0 && current.length > 0;
      if (exists && (spec.userMax <= 0 || current.length < spec.userMax)) {
        if (!current.includes(user.id)) await joinExisting(state.group_id, user, spec.owner, r);
        return;
      }
      const seq = state.seq + 1;
      const id = await openNext(seq, spec, user, r);
      await deps.state.write({ group_id: id, seq });
    },
  };
}
