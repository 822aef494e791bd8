// JSON logs (pino). Request lines come from http/request-log.ts; nothing logs bodies, and the
// redaction list is a second line of defence for fields that must never reach a log.
import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['*.password', '*.authorization', '*.email', '*.phone_number', '*.aadhar_number', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  });
}
