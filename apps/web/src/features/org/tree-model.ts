import type { Department } from '@parley/protocol';

/**
 * Pure reads of the department tree (PROTOCOL §18) for the contacts screens: where a department
 * sits (the breadcrumb), which top-level department holds mine, and the order "my department
 * first".
 */

/** The departments from the top down to `id` (inclusive); [] for 0 or an id not in the tree. */
export function pathTo(tree: readonly Department[], id: number): Department[] {
  if (id <= 0) return [];
  for (const d of tree) {
    if (d.id === id) return [d];
    const below = pathTo(d.children, id);
    if (below.length > 0) return [d, ...below];
  }
  return [];
}

/** One department by id, anywhere in the tree. */
export function findDepartment(tree: readonly Department[], id: number): Department | undefined {
  return pathTo(tree, id).at(-1);
}

/**
 * Siblings with the one on my path first (my department, or the one that holds it), the others in
 * the server's order (sort, then name).
 */
export function mineFirst(siblings: readonly Department[], myPath: readonly Department[]): Department[] {
  const onPath = new Set(myPath.map((d) => d.id));
  const mine = siblings.filter((d) => onPath.has(d.id));
  return [...mine, ...siblings.filter((d) => !onPath.has(d.id))];
}

/** Everyone in the company: the tree's counts plus the people without a department. */
export function companyCount(tree: readonly Department[], withoutDepartment: number): number {
  return tree.reduce((n, d) => n + d.memberCount, withoutDepartment);
}

/** Every department as `path › name` with its depth, depth-first in the tree's order (pickers). */
export function flatten(
  tree: readonly Department[],
  depth = 0,
  trail: readonly string[] = [],
): { dep: Department; depth: number; path: string }[] {
  return tree.flatMap((d) => {
    const path = [...trail, d.name];
    return [{ dep: d, depth, path: path.join(' / ') }, ...flatten(d.children, depth + 1, path)];
  });
}

/** `id` and every department below it (a move may not land there: §18 org.cycle). */
export function subtreeIds(tree: readonly Department[], id: number): Set<number> {
  const root = findDepartment(tree, id);
  const out = new Set<number>();
  const walk = (d: Department) => {
    out.add(d.id);
    d.children.forEach(walk);
  };
  if (root) walk(root);
  return out;
}
