import { useState } from 'react';
import { Role, type AdminUserRow, type Department } from '@parley/protocol';
import { useDebounced } from '../../../lib/use-debounced';
import { dialogs } from '../../../ui/dialogs';
import { useAuth } from '../../../state/auth';
import { adminApi } from '../api';
import { DataTable, Dialog, type Sort } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import { DepartmentSelect } from '../DepartmentSelect';
import styles from '../Admin.module.css';

const LIMIT = 20;

/** Users (§12.3 user/*): search, sort, page, select; create, edit, role, status, password, delete. */
export default function Users() {
  const me = useAuth((s) => s.userInfo);
  const isSuper = me?.role === Role.superAdmin;
  const [keywords, setKeywords] = useState('');
  const kw = useDebounced(keywords, 300);
  const [sort, setSort] = useState<Sort>({ field: 'id', type: 0 });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [editing, setEditing] = useState<AdminUserRow | 'new' | null>(null);
  // §18: the departments for the editor's picker; read again each time the editor opens.
  const tree = useLoad(() => adminApi.orgTree(), `tree|${editing ? 'open' : ''}`);
  const list = useLoad(
    () => adminApi.users({ keywords: kw, order_field: sort.field, order_type: sort.type, page, limit: LIMIT }),
    `${kw}|${sort.field}|${sort.type}|${page}`,
  );

  const done = () => {
    setSelected(new Set());
    list.reload();
  };
  const confirm = async (content: string) => (await dialogs.modal({ content, danger: true })).confirm;
  const setStatus = async (u: AdminUserRow, status: 0 | 1) => {
    if (status === 0 && !(await confirm(at('user.confirmDisable', { name: u.realname })))) return;
    await adminApi.setStatus(u.id, status).catch(() => undefined);
    done();
  };
  const bulk = async (status: 0 | 1) => {
    const rows = (list.data?.rows ?? []).filter((u) => selected.has(u.id) && u.role !== Role.superAdmin);
    for (const u of rows) await adminApi.setStatus(u.id, status).catch(() => undefined);
    done();
  };
  const del = async (u: AdminUserRow) => {
    if (!(await confirm(at('user.confirmDel', { name: u.realname })))) return;
    await adminApi.delUser(u.id).catch(() => undefined);
    done();
  };
  /** A super-administrator hands another one back to administrator; the server keeps the last one. */
  const demote = async (u: AdminUserRow) => {
    if (!(await confirm(at('user.confirmDemote', { name: u.realname })))) return;
    await adminApi.setRole(u.id, Role.admin).catch(() => undefined);
    done();
  };
  const reset = async (u: AdminUserRow) => {
    const r = await dialogs.modal({
      title: `${at('user.resetPassword')} · ${u.realname}`,
      editable: true,
      content: '',
      placeholder: at('user.newPassword'),
    });
    if (!r.confirm || !r.content) return;
    await adminApi.resetPassword(u.id, r.content).catch(() => undefined);
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
          data-testid="user-search"
        />
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          onClick={() => setEditing('new')}
          data-testid="user-add"
        >
          {at('user.add')}
        </button>
        {selected.size > 0 ? (
          <>
            <span className={styles.muted}>{at('selected', { count: selected.size })}</span>
            <button type="button" className={`${styles.btn} ${styles.danger}`} onClick={() => void bulk(0)}>
              {at('user.bulkDisable')}
            </button>
            <button type="button" className={styles.btn} onClick={() => void bulk(1)}>
              {at('user.bulkEnable')}
            </button>
          </>
        ) : null}
      </div>
      <DataTable<AdminUserRow>
        testId="users-table"
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(u) => u.id}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        selected={selected}
        onSelect={setSelected}
        page={page}
        limit={LIMIT}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'id', label: 'ID', sort: 'id', render: (u) => u.id },
          { key: 'account', label: at('user.account'), sort: 'account', render: (u) => u.account },
          {
            key: 'realname',
            label: at('user.realname'),
            sort: 'realname',
            render: (u) => (
              <>
                {u.realname}{' '}
                {u.is_online ? <span className={`${styles.tag} ${styles.tagOn}`}>{at('user.online')}</span> : null}
              </>
            ),
          },
          {
            key: 'dep',
            label: at('user.department'),
            wide: true,
            render: (u) => [u.dep_name, u.position].filter(Boolean).join(' · ') || '–',
          },
          { key: 'role', label: at('user.role'), sort: 'role', render: (u) => at(`user.roles.${u.role}`) },
          {
            key: 'status',
            label: at('user.status'),
            sort: 'status',
            render: (u) => (
              <span className={`${styles.tag} ${u.status ? styles.tagOn : styles.tagOff}`}>
                {u.status ? at('user.active') : at('user.disabled')}
              </span>
            ),
          },
          {
            key: 'login',
            label: at('user.lastLogin'),
            sort: 'last_login_time',
            wide: true,
            render: (u) => u.last_login_time || '–',
          },
          { key: 'created', label: at('user.created'), sort: 'create_time', wide: true, render: (u) => u.create_time },
          {
            key: 'actions',
            label: at('actions'),
            render: (u) => (
              <span data-testid={`user-actions-${u.account}`}>
                {u.role !== Role.superAdmin || u.id === me?.user_id ? (
                  <button type="button" className={styles.link} onClick={() => setEditing(u)}>
                    {at('user.edit')}
                  </button>
                ) : null}
                {u.role !== Role.superAdmin || u.id === me?.user_id ? (
                  <button type="button" className={styles.link} onClick={() => void reset(u)}>
                    {at('user.resetPassword')}
                  </button>
                ) : null}
                {isSuper && u.role === Role.superAdmin && u.id !== me?.user_id ? (
                  <button
                    type="button"
                    className={`${styles.link} ${styles.dangerLink}`}
                    onClick={() => void demote(u)}
                    data-testid={`user-demote-${u.account}`}
                  >
                    {at('user.demote')}
                  </button>
                ) : null}
                {u.role !== Role.superAdmin ? (
                  <button
                    type="button"
                    className={`${styles.link} ${u.status ? styles.dangerLink : ''}`}
                    onClick={() => void setStatus(u, u.status ? 0 : 1)}
                    data-testid={`user-status-${u.account}`}
                  >
                    {u.status ? at('user.disable') : at('user.enable')}
                  </button>
                ) : null}
                {u.role !== Role.superAdmin ? (
                  <button type="button" className={`${styles.link} ${styles.dangerLink}`} onClick={() => void del(u)}>
                    {at('user.del')}
                  </button>
                ) : null}
              </span>
            ),
          },
        ]}
      />
      {editing ? (
        <UserForm
          user={editing === 'new' ? null : editing}
          isSuper={isSuper}
          tree={tree.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            done();
          }}
        />
      ) : null}
    </div>
  );
}

function UserForm({
  user,
  isSuper,
  tree,
  onClose,
  onSaved,
}: {
  user: AdminUserRow | null;
  isSuper: boolean;
  tree: Department[];
  onClose(): void;
  onSaved(): void;
}) {
  const [f, setF] = useState({
    account: user?.account ?? '',
    realname: user?.realname ?? '',
    password: '',
    email: user?.email ?? '',
    remark: user?.remark ?? '',
    role: user?.role ?? 0,
    status: user?.status ?? 1,
    position: user?.position ?? '',
  });
  const [depId, setDepId] = useState(user?.dep_id ?? 0);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: k === 'role' || k === 'status' ? Number(e.target.value) : e.target.value });
  const save = async () => {
    setBusy(true);
    const body = {
      account: f.account,
      realname: f.realname,
      email: f.email,
      remark: f.remark,
      status: f.status,
      dep_id: depId,
      position: f.position,
      ...(isSuper ? { role: f.role } : {}),
    };
    try {
      if (user) await adminApi.editUser({ user_id: user.id, ...body });
      else await adminApi.addUser({ ...body, password: f.password });
      onSaved();
    } catch {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof f, label: string, type = 'text') => (
    <label className={styles.field}>
      {label}
      <input type={type} value={String(f[k])} onChange={set(k)} data-testid={`user-form-${k}`} />
    </label>
  );
  return (
    <Dialog
      title={user ? at('user.edit') : at('user.add')}
      onClose={onClose}
      actions={
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          disabled={busy}
          onClick={() => void save()}
          data-testid="user-form-save"
        >
          {at('save')}
        </button>
      }
    >
      <div className={styles.form}>
        {field('account', at('user.account'))}
        {field('realname', at('user.realname'))}
        {user ? null : field('password', at('user.password'), 'password')}
        {field('email', at('user.email'), 'email')}
        {field('remark', at('user.remark'))}
        <label className={styles.field}>
          {at('user.department')}
          <DepartmentSelect
            tree={tree}
            value={depId}
            onChange={setDepId}
            zeroLabel={at('user.noDepartment')}
            testId="user-form-dep"
          />
        </label>
        {field('position', at('user.position'))}
        {isSuper && user?.role !== Role.superAdmin ? (
          <label className={styles.field}>
            {at('user.role')}
            <select value={f.role} onChange={set('role')} data-testid="user-form-role">
              {[0, 2, 1].map((r) => (
                <option key={r} value={r}>
                  {at(`user.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {user?.role !== Role.superAdmin ? (
          <label className={styles.field}>
            {at('user.status')}
            <select value={f.status} onChange={set('status')}>
              <option value={1}>{at('user.active')}</option>
              <option value={0}>{at('user.disabled')}</option>
            </select>
          </label>
        ) : null}
      </div>
    </Dialog>
  );
}
