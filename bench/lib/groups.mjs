import { call, post } from './http.mjs';

const NO_GROUPS =
  'group creation is not available on this server: POST /enterprise/group/add answered 404 ' +
  '(PROTOCOL §6 `add` arrives with a later issue). The group workload needs it.';

/** Unknown routes answer 404 before any auth check: a probe before spending time on sign-ups. */
export async function assertGroupsExist(base) {
  const probe = await post(base, '/enterprise/group/add', {}).catch((err) => ({ code: err.code }));
  if (probe.code === 404) throw new Error(NO_GROUPS);
}

/**
 * A group of `users` owned by the first, created with /enterprise/group/add and filled with
 * addGroupUser (≤ 20 per call, PROTOCOL §6, §13.2); checks the member count. Returns its id.
 */
export async function createGroup(users, name) {
  const owner = users[0];
  const created = await post(
    owner.base,
    '/enterprise/group/add',
    { user_ids: users.slice(1, 21).map((u) => u.id), name },
    { token: owner.token },
  ).catch((err) => (err.code === 404 ? { code: 404 } : Promise.reject(err)));
  if (created.code === 404) throw new Error(NO_GROUPS);
  if (created.code !== 0) throw new Error(`/enterprise/group/add: code ${created.code} ${created.msg}`);
  const groupId = created.data?.extra?.group_id ?? Number(String(created.data?.id).replace('group-', ''));
  for (let k = 21; k < users.length; k += 20) {
    await call(
      owner.base,
      '/enterprise/group/addGroupUser',
      { id: groupId, user_ids: users.slice(k, k + 20).map((u) => u.id) },
      { token: owner.token },
    );
  }
  const list = await call(
    owner.base,
    '/enterprise/group/groupUserList',
    { group_id: groupId, limit: 0 },
    { token: owner.token },
  );
  if (list.count !== users.length) throw new Error(`group has ${list.count} members, expected ${users.length}`);
  return groupId;
}
