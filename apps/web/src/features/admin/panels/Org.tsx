import { useMemo, useState } from 'react';
import type { Department, OrgMember } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { flatten, subtreeIds } from '../../org/tree-model';
import { adminApi } from '../api';
import { DataTable, Dialog } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import { DepartmentSelect } from '../DepartmentSelect';
import styles from '../Admin.module.css';

const LIMIT = 100;

/**
 * The organization's editor (PROTOCOL §18 /manage/org/*): the tree with add, rename, move under
 * a chosen parent, reorder among siblings and delete (refused in words while it is not empty);
 * beside it the people of the picked department, moved in bulk to another one.
 */
export default function Org() {
  const tree = useLoad(() => adminApi.orgTree(), 'tree');
  const rows = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const [picked, setPicked] = useState<Department | null>(null);
  const [moving, setMoving] = useState<Department | null>(null);
  // The picked department as the latest tree has it (counts change after moves).
  const current = picked ? (rows.find((r) => r.dep.id === picked.id)?.dep ?? null) : null;

  const ask = async (title: string, content = '') => {
    const r = await dialogs.modal({ title, editable: true, content, placeholder: at('org.newName') });
    return r.confirm ? r.content.trim() : '';
  };
  const add = async (parent: Department | null) => {
    const name = await ask(parent ? `${at('org.addChild')} · ${parent.name}` : at('org.addTop'));
    if (!name) return;
    await adminApi.orgAdd(name, parent?.id ?? 0).catch(() => undefined);
    tree.reload();
  };
  const rename = async (d: Department) => {
    const name = await ask(at('org.rename'), d.name);
    if (!name || name === d.name) return;
    await adminApi.orgEdit({ id: d.id, name }).catch(() => undefined);
    tree.reload();
  };
  /** Up or down among its siblings: the siblings are renumbered 0…n in their new order. */
  const reorder = async (d: Department, step: -1 | 1) => {
    const siblings = rows.filter((r) => r.dep.parent_id === d.parent_id).map((r) => r.dep);
    const at0 = siblings.findIndex((s) => s.id === d.id);
    const to = at0 + step;
    if (to < 0 || to >= siblings.length) return;
    const order = [...siblings];
    order.splice(at0, 1);
    order.splice(to, 0, d);
    for (const [i, s] of order.entries()) {
      if (s.sort !== i) await adminApi.orgEdit({ id: s.id, sort: i }).catch(() => undefined);
    }
    tree.reload();
  };
  const del = async (d: Department) => {
    if (d.children.length > 0 || d.memberCount > 0) {
      // Said before asking: the server would refuse it (org.notEmpty) anyway.
      await dialogs.modal({
        content: at('org.notEmpty', { name: d.name, children: d.children.length, count: d.memberCount }),
        showCancel: false,
      });
      return;
    }
    if (!(await dialogs.modal({ content: at('org.confirmDel', { name: d.name }), danger: true })).confirm) return;
    await adminApi.orgDel(d.id).catch(() => undefined);
    if (picked?.id === d.id) setPicked(null);
    tree.reload();
  };

  return (
    <div className={styles.orgLayout}>
      <div className={styles.card} data-testid="org-editor">
        <div className={styles.toolbar}>
          <strong>{at('org.title')}</strong>
          <button
            type="button"
            className={`${styles.btn} ${styles.primary}`}
            onClick={() => void add(null)}
            data-testid="org-add-top"
          >
            {at('org.addTop')}
          </button>
        </div>
        {tree.data && rows.length === 0 ? <div className={styles.state}>{at('org.empty')}</div> : null}
        <ul className={styles.orgTree}>
          {rows.map(({ dep: d, depth }) => (
            <li
              key={d.id}
              className={styles.orgNode}
              aria-current={current?.id === d.id ? 'true' : undefined}
              style={{ paddingLeft: 8 + depth * 20 }}
              data-testid="org-node"
              data-name={d.name}
            >
              <button type="button" className={styles.orgName} onClick={() => setPicked(d)}>
                {d.name} <span className={styles.muted}>{at('org.people', { count: d.memberCount })}</span>
              </button>
              <span className={styles.orgActions}>
                <button type="button" className={styles.link} onClick={() => void add(d)} data-testid="org-node-add">
                  {at('org.addChild')}
                </button>
                <button type="button" className={styles.link} onClick={() => void rename(d)}>
                  {at('org.rename')}
                </button>
                <button type="button" className={styles.link} onClick={() => setMoving(d)} data-testid="org-node-move">
                  {at('org.move')}
                </button>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => void reorder(d, -1)}
                  aria-label={at('org.up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => void reorder(d, 1)}
                  aria-label={at('org.down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={`${styles.link} ${styles.dangerLink}`}
                  onClick={() => void del(d)}
                  data-testid="org-node-del"
                >
                  {at('org.del')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <OrgPeople dep={current} tree={tree.data ?? []} onMoved={tree.reload} />
      {moving ? (
        <MoveDialog
          dep={moving}
          tree={tree.data ?? []}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            tree.reload();
          }}
        />
      ) : null}
    </div>
  );
}

/** Choose a new parent: anywhere but the department itself and what is below it (org.cycle). */
function MoveDialog(p: { dep: Department; tree: Department[]; onClose(): void; onMoved(): void }) {
  const banned = subtreeIds(p.tree, p.dep.id);
  const [parent, setParent] = useState(p.dep.parent_id);
  const save = async () => {
    try {
      await adminApi.orgEdit({ id: p.dep.id, parent_id: parent });
      p.onMoved();
    } catch {
      // The API client showed the server's reason.
    }
  };
  return (
    <Dialog
      title={at('org.moveTitle', { name: p.dep.name })}
      onClose={p.onClose}
      actions={
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          onClick={() => void save()}
          data-testid="org-move-save"
        >
          {at('save')}
        </button>
      }
    >
      <label className={styles.field}>
        {at('org.parent')}
        <DepartmentSelect
          tree={p.tree}
          value={parent}
          onChange={setParent}
          zeroLabel={at('org.top')}
          exclude={banned}
          testId="org-move-parent"
        />
      </label>
    </Dialog>
  );
}

/** The picked department's own people, chosen and moved together (§18 /manage/org/move). */
function OrgPeople({ dep, tree, onMoved }: { dep: Department | null; tree: Department[]; onMoved(): void }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [target, setTarget] = useState(0);
  const list = useLoad(
    () => (dep ? adminApi.orgMembers(dep.id, page) : Promise.resolve({ rows: [] as OrgMember[], count: 0 })),
    `${dep?.id ?? 0}|${page}|${dep?.memberCount ?? 0}`,
  );
  if (!dep) return <div className={`${styles.card} ${styles.state}`}>{at('org.noPick')}</div>;
  const move = async () => {
    const ids = [...selected].map(Number);
    try {
      await adminApi.orgMove(ids, target);
      dialogs.toast(at('org.moved', { count: ids.length }), { icon: 'success' });
      setSelected(new Set());
      list.reload();
      onMoved();
    } catch {
      // The API client showed the server's reason.
    }
  };
  return (
    <div className={styles.card} data-testid="org-people">
      <div className={styles.toolbar}>
        <strong>{at('org.members', { name: dep.name, count: list.data?.count ?? 0 })}</strong>
        {selected.size > 0 ? (
          <>
            <span className={styles.muted}>{at('org.movePick', { count: selected.size })}</span>
            <DepartmentSelect
              tree={tree}
              value={target}
              onChange={setTarget}
              zeroLabel={at('user.noDepartment')}
              testId="org-move-target"
            />
            <button
              type="button"
              className={`${styles.btn} ${styles.primary}`}
              onClick={() => void move()}
              data-testid="org-move-people"
            >
              {at('org.moveTo')}
            </button>
          </>
        ) : null}
      </div>
      <DataTable<OrgMember>
        testId="org-people-table"
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(m) => m.user_id}
        selected={selected}
        onSelect={setSelected}
        page={page}
        limit={LIMIT}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'name', label: at('user.realname'), render: (m) => m.realname },
          { key: 'position', label: at('user.position'), render: (m) => m.position || '–' },
        ]}
      />
    </div>
  );
}
