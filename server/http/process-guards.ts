// The last line of defence for one process: a fault that escapes every request and job handler
// (a promise nobody awaited that rejects, a throw in a timer or event callback) is logged and the
// process keeps serving. Node's default would exit on either, taking every other request and the
// clinic's whole day with it; a handler's own error is already answered 500 (http/errors.ts) and
// a job's is retried (jobs/queue.ts). If the process dies anyway (out of memory, kill -9), the
// supervisor in the production recipe restarts it (docs/operations.md "Production", deploy/thrive-clinic.service).
import type { Logger } from 'pino';

export interface ProcessGuards {
  /** Faults caught so far (for the log and tests). */
  readonly faults: number;
  remove(): void;
}

/** The error's class and stack, never its own fields (they can carry personal data). */
function describe(error: unknown): { type: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, stack: error.stack };
  return { type: typeof error };
}

export function installProcessGuards(log: Pick<Logger, 'error'>): ProcessGuards {
  let faults = 0;
  const onRejection = (reason: unknown) => {
    faults += 1;
    log.error({ err: describe(reason), faults }, 'unhandled promise rejection; still serving');
  };
  const onException = (error: unknown, origin: string) => {
    faults += 1;
    log.error({ err: describe(error), origin, faults }, 'uncaught exception; still serving');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    get faults() {
      return faults;
    },
    remove() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
