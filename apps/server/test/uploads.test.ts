import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { connectSocket, makeImage, upload, type TestUser } from './helpers/index';
import { uuid, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §5 uploads and §14 static serving of what was uploaded. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);
const MIB = 1024 * 1024;

const storageDir = () => s.blobs.localDir ?? '';
/** Every stored file below /storage (thumbnails included). */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  if (fs.existsSync(storageDir())) walk(storageDir());
  return out;
}
const localPath = (url: string) => path.join(storageDir(), new URL(url).pathname.replace(/^\/storage\//, ''));
const up = (
  u: TestUser,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = {},
  lang = 'en',
  route = 'uploadFile',
) => upload(s.url, `/common/upload/${route}`, { token: u.token, lang, file, fields });
const setFileUpload = async (patch: Record<string, unknown>) => {
  const info = await s.services.config.systemInfo();
  await s.services.config.set('fileUpload', { ...info.fileUpload, ...patch });
  s.clock.advance(6000);
};

describe('uploadFile refusals', () => {
  it('refuses a file over fileUpload.size with 401 file.tooLarge in both languages and stores nothing', async () => {
    const before = storedFiles().length;
    // 51 MB (MiB, §1.1): over the 50 MB file limit yet within size + 1 MiB, so the clear 401.
    const big = new Uint8Array(51 * MIB);
    const en = await up(alice, { name: 'big.zip', bytes: big });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ code: 401, msg: 'Files are limited to 50 MB', data: '' });
    const zh = await up(alice, { name: 'big.zip', bytes: big }, {}, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 401, msg: '文件不能超过50MB' });
    expect(storedFiles().length).toBe(before);
    expect(await s.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('answers 413 when the whole body is well over size + 1 MiB', async () => {
    const res = await up(alice, { name: 'huge.zip', bytes: new Uint8Array(51 * MIB + 100 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });

  it('refuses an extension that is not allowed with 401 file.typeNotAllowed', async () => {
    const res = await up(alice, { name: 'setup.exe', bytes: new Uint8Array([0x4d, 0x5a, 1, 2]) });
    expect(res.body).toMatchObject({ code: 401, msg: 'This file type is not allowed' });
    const none = await up(alice, { name: 'noext', bytes: new Uint8Array([1]) });
    expect(none.body.code).toBe(401);
  });

  it('needs a token and a file', async () => {
    const anon = await upload(s.url, '/common/upload/uploadFile', {
      file: { name: 'a.txt', bytes: new Uint8Array([65]) },
    });
    expect(anon.body.code).toBe(-1);
    const noFile = await upload(s.url, '/common/upload/uploadFile', {
      token: alice.token,
      lang: 'en',
      fields: { ext: 'txt' },
    });
    expect(noFile.body).toMatchObject({ code: 400, msg: 'Invalid parameter: file' });
  });
});

describe('uploadFile without a message', () => {
  it('stores a document and answers the file row of §5', async () => {
    const bytes = new TextEncoder().encode('hello world\n');
    const res = await up(alice, { name: 'notes.txt', bytes });
    expect(res.body.code, res.body.msg).toBe(0);
    const d = res.body.data;
    expect(d).toMatchObject({
      name: 'notes',
      cate: 1,
      size: bytes.length,
      ext: 'txt',
      type: 2,
      user_id: alice.id,
      videoInfo: [],
      md5: '6f5902ac237024bdd0c176cb93063dc4',
    });
    expect(d.src).toMatch(new RegExp(`^/storage/file/\\d{4}-\\d{2}-\\d{2}/${alice.id}/[A-Za-z0-9_-]{16,}\\.txt$`));
    expect(d.url).toBe(s.url + d.src);
    const got = await fetch(d.url);
    expect(got.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBeNull();
    expect(await got.text()).toBe('hello world\n');
  });

  it('takes the extension from the ext field when the name has none', async () => {
    const res = await up(alice, { name: 'blob', bytes: new Uint8Array([80, 75, 3, 4]) }, { ext: 'ZIP' });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ ext: 'zip', cate: 9, name: 'blob' });
  });

  it('serves an uploaded .html as an attachment, never as an inline page', async () => {
    await setFileUpload({ fileExt: ['txt', 'html', 'svg', 'png', 'zip'] });
    try {
      const res = await up(alice, { name: 'page.html', bytes: new TextEncoder().encode('<script>alert(1)</script>') });
      expect(res.body.code, res.body.msg).toBe(0);
      const got = await fetch(res.body.data.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-type')).not.toMatch(/html/);
      expect(got.headers.get('content-security-policy')).toBe('sandbox');
      const svg = await up(alice, {
        name: 'x.svg',
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      });
      const svgGot = await fetch(svg.body.data.url);
      expect(svgGot.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(svgGot.headers.get('content-type')).not.toMatch(/svg/);
      // A "png" whose bytes are no image is a plain file, not an image.
      const fake = await up(alice, { name: 'fake.png', bytes: new TextEncoder().encode('<html>hi</html>') });
      expect(fake.body.data).toMatchObject({ cate: 9, videoInfo: [] });
    } finally {
      await setFileUpload({ fileExt: (await import('@parley/protocol')).defaultSystemInfo.fileUpload.fileExt });
    }
  });

  it('answers Range requests with 206', async () => {
    const res = await up(alice, { name: 'abc.txt', bytes: new TextEncoder().encode('0123456789') });
    const got = await fetch(res.body.data.url, { headers: { range: 'bytes=2-5' } });
    expect(got.status).toBe(206);
    expect(got.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await got.text()).toBe('2345');
  });

  it('downloads under the original name, Chinese characters included (RFC 5987)', async () => {
    const res = await up(alice, { name: '季度报告 2025.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n') });
    expect(res.body.code, res.body.msg).toBe(0);
    const rows = await s.database.db
      .selectFrom('files')
      .select(['token', 'name'])
      .where('id', '=', res.body.data.file_id)
      .execute();
    expect(rows[0]?.name).toBe('季度报告 2025.pdf');
    const got = await fetch(`${s.url}/filedown/${rows[0]?.token}`);
    expect(got.status).toBe(200);
    const cd = got.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(/^attachment;/);
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('季度报告 2025.pdf')}`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await got.text()).toBe('%PDF-1.4\n');
    expect((await fetch(`${s.url}/filedown/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });
});

describe('uploadFile with a message', () => {
  it('sends an image: the receiver gets a simple push with size, fixMode and a ≤ 240 px thumbnail', async () => {
    const bWs = await connectSocket(s.url, { token: bob.token });
    const id = uuid();
    const res = await up(
      alice,
      { name: 'photo.jpg', bytes: await makeImage(1200, 800, 'jpeg') },
      { message: JSON.stringify({ id, type: 'image', toContactId: bob.id, content: '' }) },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    const push = await bWs.next<Record<string, unknown> & { extends: Record<string, unknown> }>(
      'simple',
      (m) => m.id === id,
    );
    const m = push.data;
    expect(m).toMatchObject({ type: 'image', toContactId: alice.id, fileName: 'photo.jpg', file_cate: 2 });
    expect(m.content).toMatch(new RegExp(`^${s.url}/storage/image/.+\\.jpg$`));
    expect(m.extends).toMatchObject({ width: 1200, height: 800, fixMode: 1 });
    expect(m.extUrl).toBe(m.content);
    expect(m.preview).toBe(`${s.url}/view.html?src=${encodeURIComponent(String(m.content))}`);
    expect(m.download).toMatch(new RegExp(`^${s.url}/filedown/[A-Za-z0-9_-]{16,}$`));
    const thumb = String(m.extends.thumb);
    expect(thumb).toMatch(/_thumb\.jpg$/);
    const meta = await sharp(localPath(thumb)).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(240);
    expect(meta.width).toBe(240);
    bWs.close();
  });

  it('keeps small images as their own thumbnail, with fixMode 3', async () => {
    const res = await up(
      alice,
      { name: 'tiny.png', bytes: await makeImage(100, 120) },
      { message: JSON.stringify({ id: uuid(), type: 'image', toContactId: bob.id }) },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.extends).toMatchObject({ width: 100, height: 120, fixMode: 3, thumb: res.body.data.content });
  });

  it('sends a voice note with the client duration, kept within 1–60 s', async () => {
    const res = await up(
      alice,
      { name: 'rec.webm', bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]) },
      { message: JSON.stringify({ id: uuid(), type: 'voice', toContactId: bob.id, extends: { duration: 7 } }) },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ type: 'voice', extends: { duration: 7 }, file_cate: 4 });
    const long = await up(
      alice,
      { name: 'rec.mp3', bytes: new Uint8Array([1, 2, 3]) },
      { message: JSON.stringify({ id: uuid(), type: 'voice', toContactId: bob.id, extends: { duration: 600 } }) },
    );
    expect(long.body.data).toMatchObject({ type: 'voice', extends: { duration: 60 } });
  });

  it('sends a video with the default poster and a file with its ext', async () => {
    const video = await up(
      alice,
      { name: 'clip.mp4', bytes: new Uint8Array([0, 0, 0, 24]) },
      { message: JSON.stringify({ id: uuid(), type: 'video', toContactId: bob.id, extends: { duration: 12 } }) },
    );
    expect(video.body.code, video.body.msg).toBe(0);
    expect(video.body.data).toMatchObject({
      type: 'video',
      extends: { duration: 12, poster: `${s.url}/static/common/img/video.png` },
    });
    const file = await up(
      alice,
      { name: 'sheet.xlsx', bytes: new Uint8Array([80, 75]) },
      { message: JSON.stringify({ id: uuid(), type: 'file', toContactId: bob.id }) },
    );
    expect(file.body.data).toMatchObject({
      type: 'file',
      extends: { ext: 'xlsx' },
      fileName: 'sheet.xlsx',
      fileSize: 2,
      extUrl: `${s.url}/static/img/ext/XLSX.png`,
    });
    // A plain audio file without message.type voice is a file.
    const audio = await up(
      alice,
      { name: 'song.mp3', bytes: new Uint8Array([1]) },
      { message: JSON.stringify({ id: uuid(), toContactId: bob.id }) },
    );
    expect(audio.body.data).toMatchObject({ type: 'file', extends: { ext: 'mp3' } });
  });

  it('removes the upload again when the message is refused', async () => {
    const before = storedFiles().length;
    const res = await up(
      bob,
      { name: 'a.txt', bytes: new Uint8Array([65]) },
      { message: JSON.stringify({ id: uuid(), type: 'file', toContactId: carol.id }) },
    );
    expect(res.body).toMatchObject({ code: 400, msg: 'They have not added you as a friend' });
    expect(storedFiles().length).toBe(before);
  });
});

describe('sendMessage with a file_id', () => {
  it('sends my own upload and refuses someone else’s', async () => {
    const mine = await up(alice, { name: 'mine.png', bytes: await makeImage(300, 600) });
    const ok = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'image', content: '', toContactId: bob.id, file_id: mine.body.data.file_id },
      { token: alice.token, lang: 'en' },
    );
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(ok.body.data).toMatchObject({
      type: 'image',
      file_id: mine.body.data.file_id,
      extends: { width: 300, height: 600, fixMode: 2 },
    });
    const theirs = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'image', content: '', toContactId: alice.id, file_id: mine.body.data.file_id },
      { token: bob.token, lang: 'en' },
    );
    expect(theirs.body).toMatchObject({ code: 400, msg: 'Invalid parameter: file_id' });
    const wrongType = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'video', toContactId: bob.id, file_id: mine.body.data.file_id },
      { token: alice.token, lang: 'en' },
    );
    expect(wrongType.body).toMatchObject({ code: 400, msg: 'Invalid parameter: type' });
  });
});

describe('uploadAvatar and uploadImage', () => {
  it('sets my avatar, seen in getUserInfo and in my contacts’ lists', async () => {
    const res = await up(bob, { name: 'me.png', bytes: await makeImage(600, 600) }, {}, 'en', 'uploadAvatar');
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatch(new RegExp(`^${s.url}/storage/image/.+_thumb\\.jpg$`));
    const info = await s.api.post('/enterprise/im/getUserInfo', { user_id: bob.id }, { token: alice.token });
    expect(info.body.data.avatar).toBe(res.body.data);
    const contacts = await s.api.post('/enterprise/im/getContacts', {}, { token: alice.token });
    expect(contacts.body.data.find((c: { id: unknown }) => c.id === bob.id)?.avatar).toBe(res.body.data);
    const notImage = await up(bob, { name: 'doc.txt', bytes: new Uint8Array([65]) }, {}, 'en', 'uploadAvatar');
    expect(notImage.body.code).toBe(401);
  });

  it('lets only system admins upload site images', async () => {
    const refused = await up(bob, { name: 'logo.png', bytes: await makeImage(50, 50) }, {}, 'en', 'uploadImage');
    expect(refused.body).toMatchObject({ code: 400, msg: 'Administrator rights are required' });
    const ok = await up(alice, { name: 'logo.png', bytes: await makeImage(50, 50) }, {}, 'en', 'uploadImage');
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(ok.body.data).toMatch(/^http:.+\/storage\/image\/.+\.png$/);
  });
});

describe('static pages for files', () => {
  it('serves the preview page, the file-type icons and the default poster', async () => {
    const page = await fetch(`${s.url}/view.html?src=%2Fstorage%2Fx.png`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('static/view.js');
    for (const icon of ['XLSX', 'PDF', 'folder']) {
      const got = await fetch(`${s.url}/static/img/ext/${icon}.png`);
      expect(got.status, icon).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
    }
    expect((await fetch(`${s.url}/static/common/img/video.png`)).status).toBe(200);
  });
});
