import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Change, Attribute, Client } from 'ldapts';

/**
 * A real directory for the tests: Debian's OpenLDAP `slapd` (installed by
 * scripts/ensure-system-deps.sh, as Chromium is), started on a loopback port with its own config
 * and database in a temporary directory, loaded with a fixture of 3 OUs and 20 people. Changes
 * during a test go through a real LDAP client bound as the directory's manager.
 */

export const SLAPD = process.env.PARLEY_SLAPD ?? '/usr/sbin/slapd';
const SLAPADD = process.env.PARLEY_SLAPADD ?? '/usr/sbin/slapadd';

export const BASE_DN = 'dc=parley,dc=test';
export const MANAGER_DN = `cn=manager,${BASE_DN}`;

/** One fixture person: `uid=<account>` in the OU path (outermost first). */
export interface DirectoryPerson {
  account: string;
  name: string;
  mail: string;
  password: string;
  ous: string[];
}

export interface TestDirectory {
  url: string;
  baseDN: string;
  bindDN: string;
  bindPassword: string;
  people: DirectoryPerson[];
  dnOf(p: Pick<DirectoryPerson, 'account' | 'ous'>): string;
  /** Adds a person (and nothing else: their OUs must exist). */
  addPerson(p: DirectoryPerson): Promise<void>;
  removePerson(p: Pick<DirectoryPerson, 'account' | 'ous'>): Promise<void>;
  /** Replaces attributes of a person, e.g. `{ cn: 'New Name' }`. */
  modifyPerson(p: Pick<DirectoryPerson, 'account' | 'ous'>, attrs: Record<string, string>): Promise<void>;
  /** Stops slapd; resolves once the process has exited. */
  close(): Promise<void>;
  /** The slapd process, for a test to check it is gone after close(). */
  process: ChildProcess;
}

/** Engineering (with its sub-OU Frontend) and Sales: 3 OUs, 20 people in all. */
export function fixturePeople(): DirectoryPerson[] {
  const out: DirectoryPerson[] = [];
  const at = (i: number): string[] => (i < 8 ? ['Engineering'] : i < 14 ? ['Engineering', 'Frontend'] : ['Sales']);
  for (let i = 0; i < 20; i++) {
    const n = String(i + 1).padStart(2, '0');
    out.push({
      account: `person${n}`,
      name: `Person ${n}`,
      mail: `person${n}@parley.test`,
      password: `secret-${n}`,
      ous: at(i),
    });
  }
  return out;
}

const ouDn = (ous: string[]): string =>
  [...ous]
    .reverse()
    .map((o) => `ou=${o},`)
    .join('') + BASE_DN;
const dnOf = (p: Pick<DirectoryPerson, 'account' | 'ous'>): string => `uid=${p.account},${ouDn(p.ous)}`;

function personLdif(p: DirectoryPerson): string {
  const sn = p.name.split(' ').pop() ?? p.name;
  return [
    `dn: ${dnOf(p)}`,
    'objectClass: inetOrgPerson',
    `uid: ${p.account}`,
    `cn: ${p.name}`,
    `sn: ${sn}`,
    `mail: ${p.mail}`,
    `userPassword: ${p.password}`,
    '',
  ].join('\n');
}

function fixtureLdif(people: DirectoryPerson[]): string {
  const entries = [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: parley', 'o: Parley Test', ''],
    [`dn: ${ouDn(['Engineering'])}`, 'objectClass: organizationalUnit', 'ou: Engineering', ''],
    [`dn: ${ouDn(['Engineering', 'Frontend'])}`, 'objectClass: organizationalUnit', 'ou: Frontend', ''],
    [`dn: ${ouDn(['Sales'])}`, 'objectClass: organizationalUnit', 'ou: Sales', ''],
  ].map((lines) => lines.join('\n'));
  return [...entries, ...people.map(personLdif)].join('\n');
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Polls a bind as the manager until slapd answers (it forks nothing with -d, but takes a moment). */
async function ready(url: string, password: string, proc: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (proc.exitCode !== null) throw new Error(`slapd exited (${proc.exitCode}): ${stderr()}`);
    const c = new Client({ url, timeout: 1000, connectTimeout: 1000 });
    try {
      await c.bind(MANAGER_DN, password);
      await c.unbind();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`slapd did not answer on ${url}: ${stderr()}`);
}

export async function startTestDirectory(): Promise<TestDirectory> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-slapd-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  const bindPassword = 'manager-secret';
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 16777216',
      `suffix "${BASE_DN}"`,
      `rootdn "${MANAGER_DN}"`,
      `rootpw ${bindPassword}`,
      `directory ${data}`,
      // People may read their own entry and bind; the manager reads everything.
      'access to attrs=userPassword by anonymous auth by self write by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const people = fixturePeople();
  const ldif = join(dir, 'fixture.ldif');
  writeFileSync(ldif, fixtureLdif(people));
  const add = spawnSync(SLAPADD, ['-f', conf, '-l', ldif], { encoding: 'utf8' });
  if (add.status !== 0) throw new Error(`slapadd failed: ${add.stderr}`);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0: stay in the foreground (so the child is slapd itself) without debug output.
  const proc = spawn(SLAPD, ['-d', '0', '-h', `${url}/`, '-f', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr?.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await ready(url, bindPassword, proc, () => err);
  } catch (e) {
    proc.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  async function asManager<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ url, timeout: 5000, connectTimeout: 5000 });
    try {
      await c.bind(MANAGER_DN, bindPassword);
      return await fn(c);
    } finally {
      await c.unbind();
    }
  }

  return {
    url,
    baseDN: BASE_DN,
    bindDN: MANAGER_DN,
    bindPassword,
    people,
    dnOf,
    process: proc,
    addPerson: (p) =>
      asManager((c) =>
        c.add(dnOf(p), {
          objectClass: 'inetOrgPerson',
          uid: p.account,
          cn: p.name,
          sn: p.name.split(' ').pop() ?? p.name,
          mail: p.mail,
          userPassword: p.password,
        }),
      ),
    removePerson: (p) => asManager((c) => c.del(dnOf(p))),
    modifyPerson: (p, attrs) =>
      asManager((c) =>
        c.modify(
          dnOf(p),
          Object.entries(attrs).map(
            ([type, value]) =>
              new Change({ operation: 'replace', modification: new Attribute({ type, values: [value] }) }),
          ),
        ),
      ),
    async close() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
