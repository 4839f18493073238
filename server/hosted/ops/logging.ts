import { once } from 'node:events';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { hostname } from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';
import { AuditLog } from '../audit/audit-log.ts';

/** The bridge's log and audit log, and how to write out what they buffer before the process exits. */
export interface HostedLogs {
  log: Logger;
  audit: AuditLog;
  flush(): void;
  /** Resolves once the audit file is open; rejects with the reason when it cannot be. */
  ready(): Promise<void>;
  /** Opens the audit file again by its name (after logrotate moved it away); nothing without one. */
  reopen(): void;
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
  const auditFile = streams.audit ? undefined : config.auditFile;
  if (auditFile) canWrite(auditFile);
  const auditDestination = auditFile
    ? pino.destination({ dest: auditFile, mkdir: true, sync: false, mode: 0o600 })
    : undefined;
  // Known before the first exit: pino flushes the file when the process exits, and a file not
  // open yet then (a start that fails at once, a port taken) threw "sonic boom is not ready yet".
  const opened = auditDestination ? once(auditDestination, 'ready').then(() => {}) : Promise.resolve();
  opened.catch(() => {});
  const auditStream = streams.audit ?? auditDestination;
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
    ready: () => opened,
    reopen() {
      auditDestination?.reopen();
    },
  };
}

/**
 * Throws (with the system's reason) when the audit file cannot be opened for appending, before pino
 * opens it: pino would fail later, and at exit throw again from its own flush.
 */
function canWrite(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  closeSync(openSync(file, 'a', 0o600));
}
