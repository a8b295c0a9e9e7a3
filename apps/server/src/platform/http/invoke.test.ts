import { describe, expect, it, vi } from 'vitest';
import { failureOf } from './invoke';

/** How a fault becomes the §1.3 502: logged with its request id, answered naming only that id. */

const withCode = (code: string, message = 'write failed') => Object.assign(new Error(message), { code });

describe('failureOf', () => {
  it('answers a fault with common.serverError and logs it with the request id', () => {
    const log = vi.fn();
    const err = new Error('select * from secrets');
    const a = failureOf(err, 'en-us', 'req-7', log);
    expect(a).toEqual({
      status: 200,
      body: { code: 502, msg: 'Something went wrong on the server (req-7)', count: 0, data: '', page: 0 },
    });
    expect(log).toHaveBeenCalledWith(err, 'req-7');
  });

  it.each([
    [
      'ENOSPC (no space left on the file system)',
      withCode('ENOSPC', "ENOSPC: no space left on device, write '/data/x'"),
    ],
    ['EDQUOT (disk quota reached)', withCode('EDQUOT')],
    ['SQLITE_FULL', withCode('SQLITE_FULL', 'database or disk is full')],
    ['PostgreSQL disk_full (SQLSTATE 53100)', withCode('53100', 'could not extend file')],
    ['a wrapped ENOSPC', new Error('upload failed', { cause: new Error('copy', { cause: withCode('ENOSPC') }) })],
  ])('answers %s as a full disk in both languages, still 502 and still logged', (_name, err) => {
    const log = vi.fn();
    const en = failureOf(err, 'en-us', 'req-1', log);
    expect(en.body).toMatchObject({ code: 502, data: '' });
    expect(en.body.msg).toBe('The server is out of storage space, please contact your administrator (req-1)');
    expect(log).toHaveBeenCalledWith(err, 'req-1');
    expect(failureOf(err, 'zh-cn', 'req-2', log).body.msg).toBe('服务器存储空间已满，请联系管理员（req-2）');
  });

  it('keeps the generic text for other I/O faults and for codes of another type', () => {
    const log = vi.fn();
    for (const err of [withCode('EACCES'), withCode('SQLITE_BUSY'), Object.assign(new Error('x'), { code: 28 })]) {
      expect(failureOf(err, 'en-us', 'r', log).body.msg).toBe('Something went wrong on the server (r)');
    }
  });
});
