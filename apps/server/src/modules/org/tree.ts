import type { Department } from '@parley/protocol';
import type { DepartmentRow } from './org.repo';

/** Pure arithmetic of the department tree (adjacency list → nested tree, subtrees, depth). */

const bySortThenName = (a: { sort: number; name: string; id: number }, b: { sort: number; name: string; id: number }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'zh-Hans-CN') || a.id - b.id;

/**
 * The whole tree, siblings sorted by `sort` then name, each with the live people of its subtree.
 * A row whose parent is missing (never written by us, but a hand-edited database may hold one) is
 * shown at the top rather than lost.
 */
export function buildTree(rows: DepartmentRow[], counts: Map<number, number>): Department[] {
  const nodes = new Map<number, Department>();
  for (const r of rows) {
    nodes.set(r.id, { id: r.id, name: r.name, parent_id: r.parent_id, sort: r.sort, memberCount: 0, children: [] });
  }
  const roots: Department[] = [];
  for (const n of nodes.values()) {
    const parent = n.parent_id ? nodes.get(n.parent_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const finish = (list: Department[], seen: Set<number>): number => {
    list.sort(bySortThenName);
    let total = 0;
    for (const n of list) {
      if (seen.has(n.id)) continue; // a cycle written by hand: stop rather than loop
      seen.add(n.id);
      n.memberCount = (counts.get(n.id) ?? 0) + finish(n.children, seen);
      total += n.memberCount;
    }
    return total;
  };
  finish(roots, new Set());
  return roots;
}

/** `id` and every department below it. */
export function subtreeIds(rows: Pick<DepartmentRow, 'id' | 'parent_id'>[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    const list = children.get(r.parent_id);
    if (list) list.push(r.id);
    else children.set(r.parent_id, [r.id]);
  }
  const out: number[] = [];
  const stack = [id];
  const seen = new Set<number>();
  while (stack.length) {
    const cur = stack.pop() as number;
    if (seen.has(cur)) continue;
    seen.add(cur);
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

/** How many levels `id` sits at (a top-level department is 1). */
export function depthOf(rows: Pick<DepartmentRow, 'id' | 'parent_id'>[], id: number): number {
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  let depth = 0;
  let cur = id;
  const seen = new Set<number>();
  while (cur && !seen.has(cur)) {
    seen.add(cur);
    depth += 1;
    cur = parent.get(cur) ?? 0;
  }
  return depth;
}

/** How many levels the subtree under `id` spans (a leaf is 1). */
export function heightOf(rows: Pick<DepartmentRow, 'id' | 'parent_id'>[], id: number): number {
  const kids = rows.filter((r) => r.parent_id === id);
  return 1 + Math.max(0, ...kids.map((k) => heightOf(rows, k.id)));
}
