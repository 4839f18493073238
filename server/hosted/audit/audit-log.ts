import type { Logger } from 'pino';
import type { AuthMethod } from '#shared/hosted.ts';
import type { TransportKind } from '#shared/targets.ts';

/** How a tool call ended: an answer, a result with isError, a JSON-RPC error, refused by a limit, or never answered. */
export type CallOutcome = 'ok' | 'tool-error' | 'protocol-error' | 'refused' | 'no-answer';

/** What a connection is made to, as the audit log names it (never a header, env value or URL secret). */
export interface AuditedServer {
  user: string;
  channel: string;
  /** The catalog name, or the user URL with credentials and query values hidden. */
  server: string;
  catalog: boolean;
  /** Unknown for a catalog name that is not in the catalog. */
  transport?: TransportKind;
}

/**
 * Who connected to what and which tools they called, with the outcome: one JSON line per event.
 * It takes named fields only, never a target, a message or a result, so that no secret or tool
 * argument can reach it by accident.
 */
export class AuditLog {
  constructor(private readonly logger: Logger) {}

  signIn(user: string | undefined, via: AuthMethod, client: string, outcome: 'ok' | 'refused'): void {
    this.logger.info({ event: 'sign-in', user, via, client, outcome });
  }

  signOut(user: string, client: string): void {
    this.logger.info({ event: 'sign-out', user, client });
  }

  /** A connect: opened (`ok`), refused by the bridge, or failed to open; `reason` holds no secret. */
  connect(server: AuditedServer, outcome: 'ok' | 'refused' | 'failed', reason?: string): void {
    this.logger.info({ event: 'connect', ...server, outcome, ...(reason ? { reason } : {}) });
  }

  disconnect(server: AuditedServer, durationMs: number): void {
    this.logger.info({ event: 'disconnect', ...server, durationMs });
  }

  toolCall(server: AuditedServer, tool: string, outcome: CallOutcome, durationMs: number): void {
    this.logger.info({ event: 'tool-call', ...server, tool: tool.slice(0, 200), outcome, durationMs });
  }

  /**
   * `user` shared, stopped sharing or deleted recording `recording` of `owner`; `admin` when they
   * did it as an admin. The share id itself is a key to the recording: never logged.
   */
  recording(change: RecordingChange): void {
    this.logger.info({
      event: `recording-${change.action}`,
      user: change.user,
      recording: change.recording,
      owner: change.owner,
      ...(change.admin ? { admin: true } : {}),
    });
  }

  /** An admin ended another connection (any user's). */
  endConnection(admin: string, ended: AuditedServer): void {
    const { user: owner, ...server } = ended;
    this.logger.info({ event: 'connection-end', user: admin, owner, ...server, admin: true });
  }

  /** The config was read again: taken (with the keys applied and those that wait for a restart) or refused. */
  reload(reload: ConfigReload): void {
    this.logger.info({ event: 'config-reload', ...reload });
  }

  /** A reloaded config no longer lets `user` in: their open pages were ended. */
  accessEnded(user: string, reason: string): void {
    this.logger.info({ event: 'access-ended', user, reason });
  }
}

/** One change to a recording, as the audit log keeps it. */
export interface RecordingChange {
  action: 'share' | 'unshare' | 'delete';
  user: string;
  recording: string;
  /** Whose recording it is (null: made by nobody signed in). */
  owner: string | null | undefined;
  admin?: boolean;
}

/** One reload of the config, as the audit log keeps it (no value, only key names and problems). */
export interface ConfigReload {
  /** Who asked: `signal` (SIGHUP, `toolscope serve --reload`) or an admin by name. */
  by: string;
  outcome: 'ok' | 'refused';
  applied?: string[];
  restart?: string[];
  problems?: string[];
}
