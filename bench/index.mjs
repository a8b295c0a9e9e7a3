// The load generator arrives with the benchmarks issue; until then say so plainly.
console.log('No benchmark workloads exist yet. They arrive with the benchmarks issue (see docs/).');
