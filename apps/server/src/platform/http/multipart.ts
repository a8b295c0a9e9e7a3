import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ParseError, parseForm } from './body';

/**
 * Streaming `multipart/form-data` for the upload routes (PROTOCOL §5, §1.1). Other routes never
 * read the stream, so a multipart body there carries no params, as §1.1 says of other types.
 *
 * Limits: a declared `Content-Length` over `maxBodyBytes` (§1.1: `fileUpload.size` + 1 MiB) is
 * refused with 413 before a byte is read. The file part is streamed to a temp file while counting and hashing; busboy
 * stops writing at `maxFileBytes` and marks it truncated, so a chunked body can never make the
 * server store more than the limit. Fields are small (64 KiB each, 20 at most).
 */

const FIELD_BYTES = 64 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
}

export interface ReceivedFile {
  /** Absolute path of the temp file holding the bytes; the caller moves or removes it. */
  tempFile: string;
  /** Name the client gave (may be ''). */
  filename: string;
  size: number;
  md5: string;
  /** More bytes arrived than allowed; `tempFile` is already removed. */
  tooLarge: boolean;
}

export interface MultipartBody {
  /** Text fields, bracket names nested as in forms (`message[type]`). */
  fields: Record<string, unknown>;
  /** The first part named `fileField`, if any. */
  file?: ReceivedFile;
}

const tooLargeBody = () => Object.assign(new Error('multipart body too large'), { statusCode: 413 });

const uploadTempDir = path.join(os.tmpdir(), 'parley-uploads');

async function receive(stream: Readable & { truncated?: boolean }, filename: string): Promise<ReceivedFile> {
  await fs.mkdir(uploadTempDir, { recursive: true });
  const tempFile = path.join(uploadTempDir, randomBytes(16).toString('hex'));
  const hash = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, count, createWriteStream(tempFile));
  } catch (err) {
    await fs.rm(tempFile, { force: true });
    throw err;
  }
  const tooLarge = stream.truncated === true;
  if (tooLarge) await fs.rm(tempFile, { force: true });
  return { tempFile, filename, size, md5: hash.digest('hex'), tooLarge };
}

/** Reads the whole multipart body of `req`; a non-multipart body gives no fields and no file. */
export async function readMultipart(
  req: FastifyRequest,
  opts: { maxFileBytes: number; maxBodyBytes: number; fileField: string },
): Promise<MultipartBody> {
  if (!req.isMultipart()) return { fields: {} };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > opts.maxBodyBytes) throw tooLargeBody();
  const pairs: string[] = [];
  let file: ReceivedFile | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxFileBytes, fieldSize: FIELD_BYTES, fields: 20, files: 3 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
      } else if (part.fieldname === opts.fileField && !file) {
        file = await receive(part.file, part.filename ?? '');
      } else {
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
      }
    }
  } catch (err) {
    if (file && !file.tooLarge) await fs.rm(file.tempFile, { force: true });
    // Limits keep their 413; disk faults stay faults (502); anything else is a malformed body.
    const e = err as { statusCode?: number; syscall?: string };
    if (e.statusCode === 413 || e.syscall) throw err;
    throw new ParseError('body');
  }
  return { fields: parseForm(pairs.join('&')), file };
}
