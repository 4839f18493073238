import { hostname } from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';
import { AuditLog } from '../audit/audit-log.ts';

/** The bridge's log and audit log, and how to write out what they buffer before the process exits. */
export interface HostedLogs {
  log: Logger;
  audit: AuditLog;
  flush(): void;
}

/**
 * Defense in depth: fields that could hold secrets are blanked should a future change log an
 * object carrying them. The bridge itself logs no header, env value, token or cookie.
 */
const REDACT = [
  'headers',
  'env',
  'token',
  'cookie',
  'authorization',
  '*.headers',
  '*.env',
  '*.token',
  '*.cookie',
];

/**
 * JSON logs with pino: the log goes to stderr (stdout carries only the ready line), the audit log
 * to its own file (mode 600) when the config names one, else into the log with `"log":"audit"`.
 * Tests pass their own streams to read the bytes written.
 */
export function createLogs(
  config: { level: string; auditFile?: string },
  streams: { log?: DestinationStream; audit?: DestinationStream } = {},
): HostedLogs {
  const options = {
    level: config.level,
    // Several processes (and machines) log into one place behind a load balancer: each line says which.
    base: { service: 'toolscope', hostname: hostname(), pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '***' },
  };
  const logStream = streams.log ?? pino.destination({ dest: 2, sync: true });
  const log = pino(options, logStream);
  const auditStream =
    streams.audit ??
    (config.auditFile
      ? pino.destination({ dest: config.auditFile, mkdir: true, sync: false, mode: 0o600 })
      : undefined);
  const auditLogger = auditStream
    ? pino({ ...options, level: 'info', base: { ...options.base, log: 'audit' } }, auditStream)
    : log.child({ log: 'audit' }, { level: 'info' });
  return {
    log,
    audit: new AuditLog(auditLogger),
    flush() {
      for (const stream of [logStream, auditStream]) {
        const flushable = stream as { flushSync?: () => void } | undefined;
        try {
          flushable?.flushSync?.();
        } catch {
          // Nothing buffered, or the stream is already closed.
        }
      }
    },
  };
}
