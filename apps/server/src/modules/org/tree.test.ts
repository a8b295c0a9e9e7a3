import { describe, expect, it } from 'vitest';
import { buildTree, depthOf, heightOf, subtreeIds } from './tree';

const row = (id: number, name: string, parent_id = 0, sort = 0) => ({
  id,
  name,
  parent_id,
  sort,
  create_time: 0,
  update_time: 0,
});

describe('the department tree', () => {
  const rows = [
    row(1, '研发部'),
    row(2, '前端组', 1, 1),
    row(3, '后端组', 1, 0),
    row(4, 'Sales', 0, 1),
    row(5, '移动端', 2),
  ];

  it('nests children under parents, sorted by sort then name, counting people through every level', () => {
    const tree = buildTree(
      rows,
      new Map([
        [1, 2],
        [2, 3],
        [5, 4],
        [0, 9],
      ]),
    );
    expect(tree.map((d) => d.name)).toEqual(['研发部', 'Sales']);
    const rd = tree[0];
    expect(rd?.children.map((d) => d.name)).toEqual(['后端组', '前端组']);
    expect(rd?.memberCount).toBe(9); // 2 + 3 + 4; nobody's department (0) counts nowhere
    expect(rd?.children[1]?.memberCount).toBe(7);
    expect(tree[1]?.memberCount).toBe(0);
  });

  it('shows a department whose parent is gone at the top instead of losing it', () => {
    expect(buildTree([row(7, 'Orphan', 99)], new Map()).map((d) => d.id)).toEqual([7]);
  });

  it('knows subtrees, depth and height', () => {
    expect(subtreeIds(rows, 1).sort()).toEqual([1, 2, 3, 5]);
    expect(subtreeIds(rows, 4)).toEqual([4]);
    expect(depthOf(rows, 5)).toBe(3);
    expect(depthOf(rows, 4)).toBe(1);
    expect(heightOf(rows, 1)).toBe(3);
    expect(heightOf(rows, 5)).toBe(1);
  });
});
