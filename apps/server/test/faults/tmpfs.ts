import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real, size-limited file system for disk-full tests: a tmpfs mounted on a fresh directory.
 * Needs root (or CAP_SYS_ADMIN); where that is missing the test fails saying so, it is not
 * skipped: a disk-full test that never runs proves nothing.
 */
export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the file system answers ENOSPC; returns its size in bytes. */
  fill(): number;
  /** Removes the filler: the space is back. */
  free(): void;
  /** Bytes still free. */
  freeBytes(): number;
  unmount(): void;
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    fs.rmdirSync(dir);
    const why = (err as { stderr?: Buffer }).stderr?.toString().trim() || String(err);
    throw new Error(
      `This test needs a real full disk: "mount -t tmpfs" as root (or with CAP_SYS_ADMIN). It failed: ${why}`,
      { cause: err },
    );
  }
  const filler = path.join(dir, 'filler');
  let mounted = true;
  return {
    dir,
    fill() {
      const fd = fs.openSync(filler, 'a');
      let written = 0;
      try {
        // Large blocks first, then single pages, so nothing worth a page is left.
        for (const block of [1024 * 1024, 4096]) {
          const bytes = Buffer.alloc(block, 0x55);
          for (;;) {
            try {
              written += fs.writeSync(fd, bytes);
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw err;
            }
          }
        }
      } finally {
        fs.closeSync(fd);
      }
      return written;
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    freeBytes() {
      const s = fs.statfsSync(dir);
      return s.bavail * s.bsize;
    },
    unmount() {
      if (!mounted) return;
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        // Still busy (a server that did not exit): detach it now, it goes when the last user does.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      mounted = false;
      fs.rmdirSync(dir);
    },
  };
}
