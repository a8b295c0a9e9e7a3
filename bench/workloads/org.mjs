import { call } from '../lib/http.mjs';
import { timedCalls, timedColumns } from '../lib/timed.mjs';
import { phoneScroll } from '../lib/phone-scroll.mjs';

/**
 * The organization (PROTOCOL §18) at company size: `--people` people (default 10,000) in 300
 * departments (20 top-level, 14 below each), written through the admin's CSV import in calls of
 * 5,000 rows, as an administrator would. One top-level department holds 2,000 people of its own;
 * the others share the rest. Then, one request at a time, `--repeat` times each: org/tree, the
 * first page (200, what the web client asks for) and the tenth page of the 2,000-person
 * department, a search inside it, and the whole company's count.
 */

const TOPS = 20;
const SUBS = 14;
const BIG = 2000;
const ROWS_PER_CALL = 5000;
const PASSWORD = 'benchpass1';

/** Department paths: T00 … T19, each with T00/S00 … T00/S13 (300 in all). */
function departments() {
  const out = [];
  for (let t = 0; t < TOPS; t++) {
    const top = `部门${String(t).padStart(2, '0')}`;
    out.push(top);
    for (let s = 0; s < SUBS; s++) out.push(`${top}/小组${String(s).padStart(2, '0')}`);
  }
  return out;
}

/** CSV lines for `people` people: the first BIG in 部门00 itself, the rest round the other 299. */
function rows(people) {
  const deps = departments();
  const rest = deps.slice(1);
  const lines = [];
  for (let i = 0; i < people; i++) {
    const dep = i < BIG ? deps[0] : rest[i % rest.length];
    lines.push(`org${i},员工${i},,${dep},${i % 10 === 0 ? '组长' : '工程师'}`);
  }
  return lines;
}

async function importCsv(base, token, lines) {
  const body = `\uFEFFaccount,realname,email,department,position\r\n${lines.join('\r\n')}\r\n`;
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'text/csv' }), 'org.csv');
  const res = await fetch(`${base}/manage/org/import`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`import: ${env.code} ${env.msg}`);
  const failed = env.data.filter((r) => r.result === 'error');
  if (failed.length) throw new Error(`import: ${failed.length} rows failed, e.g. ${JSON.stringify(failed[0])}`);
}

export async function run({ env, opts, log, report, runId }) {
  const base = env.nodes[0].url;
  const login = await call(base, '/common/pub/login', { account: `adm${runId}`, password: PASSWORD, terminal: 'web' });
  if (login.code !== 0) throw new Error(`admin login: ${login.msg}`);
  const token = login.data.authToken;
  // The tree is everyone's in runMode 1 (admins see it in either mode; this is the ordinary case).
  await call(base, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } }, { token });

  const people = Math.max(BIG + 300, opts.people ?? 10_000);
  const all = rows(people);
  const t0 = performance.now();
  for (let s = 0; s < all.length; s += ROWS_PER_CALL) {
    await importCsv(base, token, all.slice(s, s + ROWS_PER_CALL));
    log(`org: imported ${Math.min(s + ROWS_PER_CALL, all.length)} / ${all.length}`);
  }
  log(`  import of ${people} people in 300 departments took ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const tree = await call(base, '/enterprise/org/tree', {}, { token });
  const big = tree.data.find((d) => d.name === '部门00');
  if (!big) throw new Error('org: the big department is missing');
  const pid = env.nodes[0].pid ?? (Number(process.env.BENCH_SERVER_PID) || null);
  const repeat = Math.max(1, opts.repeat);
  const cases = [
    { path: 'org/tree', kind: `300 departments, ${people} people`, url: '/enterprise/org/tree', body: {} },
    {
      path: 'org/members p1',
      kind: `${BIG}-person department, 200 a page`,
      url: '/enterprise/org/members',
      body: { dep_id: big.id, limit: 200 },
    },
    {
      path: 'org/members p10',
      kind: `${BIG}-person department, page 10`,
      url: '/enterprise/org/members',
      body: { dep_id: big.id, limit: 200, page: 10 },
    },
    {
      path: 'org/members max',
      kind: `${BIG}-person department, 500 a page`,
      url: '/enterprise/org/members',
      body: { dep_id: big.id, limit: 500 },
    },
    {
      path: 'org/members search',
      kind: 'keywords inside the department and below',
      url: '/enterprise/org/members',
      body: { dep_id: big.id, recursive: 1, keywords: '员工19' },
    },
    {
      path: 'org/members company',
      kind: 'the whole company, one row (the head count)',
      url: '/enterprise/org/members',
      body: { dep_id: 0, recursive: 1, limit: 1 },
    },
  ];
  const points = [];
  for (const c of cases) {
    // One untimed call first: the measured ones are the warm path.
    const first = await call(base, c.url, c.body, { token });
    if (first.code !== 0) throw new Error(`${c.path}: ${first.msg}`);
    const { samples: s, cpuMs } = await timedCalls(pid, repeat, async () => {
      const r = await call(base, c.url, c.body, { token });
      if (r.code !== 0) throw new Error(`${c.path}: ${r.msg}`);
    });
    const p = {
      workload: 'org',
      backend: env.backend,
      path: c.path,
      kind: c.kind,
      rows: first.count,
      cpuMs,
      ...s.summary(),
    };
    report.write(p);
    points.push(p);
  }
  if (opts.scroll) {
    log(`org: flicking through the ${BIG}-person department at phone size in Chromium`);
    const s = await phoneScroll({
      url: base,
      account: `adm${runId}`,
      password: PASSWORD,
      route: `/pages/contacts/org?id=${big.id}`,
      rowSelector: '[data-testid="org-person"]',
    });
    log(
      `  ${s.rowsReached} people reached in ${s.steps} wheel steps (${s.seconds} s); at most ${s.maxRowsInDom} rows in ` +
        `the DOM; frame interval p50 ${s.frameP50} ms, p95 ${s.frameP95} ms, max ${s.frameMax} ms; ` +
        `${s.longFrames} of ${s.frames} frames over 50 ms`,
    );
    report.write({ workload: 'org-scroll', backend: env.backend, ...s });
  }
  return points;
}

export const columns = [['request', 'path'], ['what', 'kind'], ['count', 'rows'], ...timedColumns];
