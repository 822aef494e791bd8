// A pid file that keeps two server processes off the same PGlite files. A lock left by a
// process that no longer exists (a crash, a SIGKILL) is taken over.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new DataDirLockedError(`DATA_DIR ${dataDir} is in use by process ${holder}; PGlite allows one server per data directory`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock DATA_DIR ${dataDir}`);
}
