import type { Department } from '@parley/protocol';
import { flatten } from '../org/tree-model';

/** A select of every department as its path; 0 = `zeroLabel`. */
export function DepartmentSelect(p: {
  tree: Department[];
  value: number;
  onChange(id: number): void;
  zeroLabel: string;
  exclude?: Set<number>;
  testId?: string;
}) {
  return (
    <select value={p.value} onChange={(e) => p.onChange(Number(e.target.value))} data-testid={p.testId}>
      <option value={0}>{p.zeroLabel}</option>
      {flatten(p.tree)
        .filter((r) => !p.exclude?.has(r.dep.id))
        .map((r) => (
          <option key={r.dep.id} value={r.dep.id}>
            {r.path}
          </option>
        ))}
    </select>
  );
}
