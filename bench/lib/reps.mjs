/**
 * Pure: one point from its repetitions (issue 23, the peers' rule). A point is clean when every
 * repetition was (p99 send → push within the limit, nothing lost, refused or skipped); it is a
 * result only when no repetition ran while other processes took more CPU than allowed.
 */
export function combineReps(reps, { otherCpuLimit }) {
  const noisy = reps.filter((r) => r.otherCpuPct !== null && r.otherCpuPct > otherCpuLimit);
  return {
    rate: reps[0]?.rate,
    reps: reps.length,
    clean: reps.length > 0 && reps.every((r) => r.clean),
    result: noisy.length === 0,
    p99s: reps.map((r) => r.e2e.p99),
    maxOtherCpuPct: Math.max(0, ...reps.map((r) => r.otherCpuPct ?? 0)),
  };
}

/** The verdict a table shows: clean / NOT clean, or "not a result" when the machine was busy. */
export const verdict = (r) => (r.result === false ? 'not a result' : r.clean ? 'clean' : 'NOT clean');
