import { useState } from 'react';
import { GroupRole, type AdminGroupMember, type AdminGroupRow } from '@parley/protocol';
import { useDebounced } from '../../../lib/use-debounced';
import { dialogs } from '../../../ui/dialogs';
import { adminApi } from '../api';
import { DataTable, Dialog, type Sort } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import styles from '../Admin.module.css';

const LIMIT = 20;

/** Groups (§12.3 group/*): list, members, owner, managers, add/remove members, disband. */
export default function Groups() {
  const [keywords, setKeywords] = useState('');
  const kw = useDebounced(keywords, 300);
  const [sort, setSort] = useState<Sort>({ field: 'id', type: 0 });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminGroupRow | null>(null);
  const list = useLoad(
    () => adminApi.groups({ keywords: kw, order_field: sort.field, order_type: sort.type, page, limit: LIMIT }),
    `${kw}|${sort.field}|${sort.type}|${page}`,
  );
  const disband = async (g: AdminGroupRow) => {
    if (!(await dialogs.modal({ content: at('group.confirmDisband', { name: g.name }), danger: true })).confirm) return;
    await adminApi.disband(g.group_id).catch(() => undefined);
    list.reload();
  };
  return (
    <div className={styles.card}>
      <div className={styles.toolbar}>
        <input
          type="search"
          placeholder={at('search')}
          value={keywords}
          onChange={(e) => {
            setKeywords(e.target.value);
            setPage(1);
          }}
          aria-label={at('search')}
        />
      </div>
      <DataTable<AdminGroupRow>
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(g) => g.group_id}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        page={page}
        limit={LIMIT}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'id', label: 'ID', sort: 'id', render: (g) => g.group_id },
          { key: 'name', label: at('group.name'), sort: 'name', render: (g) => g.name },
          { key: 'owner', label: at('group.owner'), render: (g) => g.owner_id_info?.realname ?? '–' },
          { key: 'count', label: at('group.members'), render: (g) => g.userCount },
          { key: 'created', label: at('group.created'), sort: 'create_time', wide: true, render: (g) => g.create_time },
          {
            key: 'actions',
            label: at('actions'),
            render: (g) => (
              <>
                <button type="button" className={styles.link} onClick={() => setOpen(g)}>
                  {at('group.view')}
                </button>
                <button type="button" className={`${styles.link} ${styles.dangerLink}`} onClick={() => void disband(g)}>
                  {at('group.disband')}
                </button>
              </>
            ),
          },
        ]}
      />
      {open ? (
        <Members
          group={open}
          onClose={() => {
            setOpen(null);
            list.reload();
          }}
        />
      ) : null}
    </div>
  );
}

function Members({ group, onClose }: { group: AdminGroupRow; onClose(): void }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState('');
  const list = useLoad(() => adminApi.members(group.group_id, page), `${group.group_id}|${page}`);
  const act = async (p: Promise<unknown>) => {
    await p.catch(() => undefined);
    list.reload();
  };
  const add = () => {
    const ids = adding
      .split(/[\s,，]+/)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (ids.length === 0) return;
    setAdding('');
    void act(adminApi.addMembers(group.group_id, ids));
  };
  return (
    <Dialog title={`${group.name} · ${at('group.view')}`} onClose={onClose}>
      <div className={styles.toolbar}>
        <input
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          placeholder={at('group.addHint')}
          aria-label={at('group.add')}
        />
        <button type="button" className={styles.btn} onClick={add}>
          {at('group.add')}
        </button>
      </div>
      <DataTable<AdminGroupMember>
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(m) => m.user_id}
        page={page}
        limit={100}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'name', label: at('user.realname'), render: (m) => `${m.realname} (${m.account})` },
          { key: 'role', label: at('user.role'), render: (m) => at(`group.roles.${m.role}`) },
          {
            key: 'actions',
            label: at('actions'),
            render: (m) =>
              m.role === GroupRole.owner ? null : (
                <>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => void act(adminApi.changeOwner(group.group_id, m.user_id))}
                  >
                    {at('group.makeOwner')}
                  </button>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() =>
                      void act(
                        adminApi.setManager(
                          group.group_id,
                          m.user_id,
                          m.role === GroupRole.manager ? GroupRole.member : GroupRole.manager,
                        ),
                      )
                    }
                  >
                    {m.role === GroupRole.manager ? at('group.unsetManager') : at('group.makeManager')}
                  </button>
                  <button
                    type="button"
                    className={`${styles.link} ${styles.dangerLink}`}
                    onClick={() => void act(adminApi.removeMember(group.group_id, m.user_id))}
                  >
                    {at('group.remove')}
                  </button>
                </>
              ),
          },
        ]}
      />
    </Dialog>
  );
}
