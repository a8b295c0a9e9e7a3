// Fills a running Parley server through its API with a small, known installation and writes
// what it made to expected.json (README.md: how the previous-release fixture was made). Plain
// Node, no imports from the repository: it is run against an old checkout's server.
//   node make-fixture.mjs http://127.0.0.1:3999 expected.json
import { createHash } from 'node:crypto';
import fs from 'node:fs';

const [base, out] = process.argv.slice(2);
if (!base || !out) throw new Error('usage: node make-fixture.mjs <server url> <expected.json>');

async function call(path, body, token) {
  const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
  if (token) headers.authorization = token;
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

async function person(account, realname) {
  const who = { account, realname, password: 'upgrade-pass1' };
  const reg = await call('/common/pub/register', who);
  const login = await call('/common/pub/login', who);
  return { account, id: reg.user_id, token: login.authToken };
}

async function uploadFile(from, to, name, bytes, type) {
  const form = new FormData();
  form.append('message', JSON.stringify({ id: crypto.randomUUID(), type, toContactId: to }));
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${base}/common/upload/uploadFile`, {
    method: 'POST',
    headers: { authorization: from.token },
    body: form,
  });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`uploadFile: ${env.code} ${env.msg}`);
  return env.data;
}

const admin = await person('upg_admin', 'Upgrade Admin'); // the first account is the administrator
await call(
  '/manage/config/setConfig',
  { name: 'sysInfo', value: { runMode: 1, name: '升级测试 Upgrade Co' } },
  admin.token,
);
const alice = await person('upg_alice', 'Alice 爱丽丝');
const bob = await person('upg_bob', 'Bob');
await call('/enterprise/im/setting', { theme: 'dark', sendKey: 2 }, alice.token);

const send = (from, to, content) =>
  call('/enterprise/im/sendMessage', { id: crypto.randomUUID(), type: 'text', content, toContactId: to }, from.token);
for (let i = 1; i <= 5; i++) await send(alice, bob.id, `alice → bob ${i}: 你好 ${'✓'.repeat(i)}`);
for (let i = 1; i <= 3; i++) await send(bob, alice.id, `bob → alice ${i}`);
const group = await call('/enterprise/group/add', { user_ids: [bob.id, admin.id], name: 'Upgrade 小组' }, alice.token);
await send(alice, group.id, 'hello group');
await send(bob, group.id, '群里好');

// A file and a picture: bytes known to the test by their digest.
const fileBytes = new TextEncoder().encode('quarterly numbers\n'.repeat(200));
await uploadFile(alice, bob.id, 'report.txt', fileBytes, 'file');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8DwHwyBDCADAH1wCvaP9rMqAAAAAElFTkSuQmCC',
  'base64',
);
await uploadFile(bob, alice.id, 'dot.png', png, 'image');

// What the old server says it holds: the test expects this one to say the same.
async function messages(who, chat) {
  const rows = await call('/enterprise/im/getMessageList', { toContactId: chat, limit: 100 }, who.token);
  return rows
    .map((r) => ({ id: r.id, type: r.type, content: r.content, from_user: r.from_user }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
const files = await call('/enterprise/files/index', {}, alice.token);
const downloads = [];
for (const f of [...files]) {
  const url = new URL(f.src ?? f.url ?? f.path, base).toString();
  const bytes = Buffer.from(await (await fetch(url, { headers: { authorization: alice.token } })).arrayBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  downloads.push({ name: f.name, size: bytes.length, sha256, msg_id: f.msg_id, src: f.src });
}
const expected = {
  password: 'upgrade-pass1',
  people: Object.fromEntries([admin, alice, bob].map((p) => [p.account, p.id])),
  group: group.id,
  chats: { aliceBob: await messages(alice, bob.id), group: await messages(alice, group.id) },
  files: downloads,
  sysInfo: await call('/manage/config/getInfo', { name: 'sysInfo' }, admin.token),
  aliceSetting: (await call('/common/pub/login', { account: alice.account, password: 'upgrade-pass1' })).userInfo
    .setting,
  expectedSums: {
    fileSha256: createHash('sha256').update(fileBytes).digest('hex'),
    pngSha256: createHash('sha256').update(png).digest('hex'),
  },
};
// The server's own address is in file URLs: the test puts its own in place of `{origin}`.
fs.writeFileSync(out, JSON.stringify(expected, null, 2).replaceAll(base, '{origin}') + '\n');
console.log(
  `wrote ${out}: ${expected.chats.aliceBob.length} + ${expected.chats.group.length} messages, ${downloads.length} files`,
);
