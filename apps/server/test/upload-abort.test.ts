import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { makeImage } from './helpers/index';
import { uuid, serverWithPeople } from './chat-fixtures';

/** An upload the client abandons half-way must leave no message and no file (issue 5: cancel). */

const { s, alice, bob } = await serverWithPeople(['alice-bob']);

/**
 * Sends the multipart head, the `message` field and part of the file; once the upload handler
 * has read all of it, drops the connection and waits for the handler to settle.
 */
async function abandonedUpload(bytes: Buffer, sendFraction: number, declareLength: boolean): Promise<void> {
  const boundary = '----parley' + Math.random().toString(16).slice(2);
  const message = JSON.stringify({ id: uuid(), type: 'image', toContactId: bob.id });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${message}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${s.url}/common/upload/uploadFile`);
  const handler = vi.spyOn(s.services.files.uploads, 'uploadFile');
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      authorization: alice.token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(declareLength ? { 'content-length': String(head.length + bytes.length + tail.length) } : {}),
    },
  });
  req.on('error', () => undefined);
  req.write(head);
  req.write(bytes.subarray(0, Math.floor(bytes.length * sendFraction)));
  // Mid-file: the handler runs and its request has read every byte this client sent.
  await expect
    .poll(() => {
      const serverSide = handler.mock.calls[0]?.[1].raw.socket;
      return serverSide !== undefined && serverSide.bytesRead === req.socket?.bytesWritten;
    })
    .toBe(true);
  req.destroy();
  await Promise.allSettled(handler.mock.results.map((r) => r.value));
  handler.mockRestore();
}

const images = async () =>
  (await s.database.db.selectFrom('messages').select('msg_id').where('type', '=', 'image').execute()).length;

describe('an abandoned upload', () => {
  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])('stores nothing when the connection drops mid-file (%s)', async (_name, declareLength) => {
    const before = await images();
    const files = (await s.database.db.selectFrom('files').select('id').execute()).length;
    await abandonedUpload(await makeImage(1200, 900), 0.6, declareLength);
    expect(await images()).toBe(before);
    expect((await s.database.db.selectFrom('files').select('id').execute()).length).toBe(files);
  });
});
