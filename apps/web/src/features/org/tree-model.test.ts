import { describe, expect, it } from 'vitest';
import type { Department } from '@parley/protocol';
import { companyCount, findDepartment, flatten, mineFirst, pathTo, subtreeIds } from './tree-model';

const dep = (
  id: number,
  name: string,
  memberCount: number,
  children: Department[] = [],
  parent_id = 0,
): Department => ({ id, name, parent_id, sort: id, memberCount, children });
const tree = [
  dep(1, '研发部', 5, [dep(3, '前端组', 2, [], 1), dep(4, '后端组', 3, [], 1)]),
  dep(2, 'Finance', 4),
  dep(5, 'Sales', 1),
];

describe('the department tree', () => {
  it('finds the path from the top to a department, and nothing for 0 or a stranger', () => {
    expect(pathTo(tree, 4).map((d) => d.name)).toEqual(['研发部', '后端组']);
    expect(pathTo(tree, 0)).toEqual([]);
    expect(pathTo(tree, 99)).toEqual([]);
    expect(findDepartment(tree, 3)?.name).toBe('前端组');
  });

  it('puts the department on my path first and keeps the others in order', () => {
    expect(mineFirst(tree, pathTo(tree, 5)).map((d) => d.id)).toEqual([5, 1, 2]);
    expect(mineFirst(tree, pathTo(tree, 4)).map((d) => d.id)).toEqual([1, 2, 5]);
    expect(mineFirst(tree, []).map((d) => d.id)).toEqual([1, 2, 5]);
  });

  it('counts the company, flattens for pickers and knows a subtree', () => {
    expect(companyCount(tree, 2)).toBe(12);
    expect(flatten(tree).map((r) => [r.path, r.depth])).toEqual([
      ['研发部', 0],
      ['研发部 / 前端组', 1],
      ['研发部 / 后端组', 1],
      ['Finance', 0],
      ['Sales', 0],
    ]);
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 3, 4]);
    expect(subtreeIds(tree, 42).size).toBe(0);
  });
});
