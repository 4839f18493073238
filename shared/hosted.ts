/**
 * Hosted team mode (`toolscope serve --config`): what the page learns about the signed-in user,
 * the admin's catalog and the limits, and the routes that serve them. One definition for the
 * bridge and the page.
 */
import type { ProtocolEraChoice, TransportKind } from './targets.ts';

/** How the user of a request was recognised: a personal API token, the session cookie, or the trusted SSO header. */
export type AuthMethod = 'token' | 'cookie' | 'header';

/** The sign-in page (GET shows the form, POST takes the token), a plain HTML form that needs no script. */
export const SIGN_IN_PATH = '/signin';
/** Sign-out: POST (a form) ends the session and deletes the cookie. */
export const SIGN_OUT_PATH = '/signout';
/** Query parameter of the sign-in page naming the page path to return to. */
export const NEXT_PARAM = 'next';
/** POST: 204 when a page at this address (its Host and Origin) may use the bridge, else 403 with the reason. */
export const SITE_CHECK_PATH = '/api/site-check';
/** The signed-in user's own open connections: GET lists, DELETE /<id> ends one. */
export const CONNECTIONS_API = '/api/connections';
/** The same, under its former name (its list's key is `channels`), still answered for scripts that use it. */
export const FORMER_CONNECTIONS_API = '/api/channels';

/** One server of the admin's catalog, as the page may show it (no command line, URL or secret). */
export interface CatalogServerInfo {
  /** What the page sends as `catalog.server` in its connect. */
  name: string;
  transport: TransportKind;
  /** Headers the user may set for themselves (their own token); the page asks for these values. */
  userHeaders: string[];
  description?: string;
  /** The era the admin set for this entry: where the page's "Protocol era" picker starts (else Auto). */
  era?: ProtocolEraChoice;
}

/** The limits of a hosted bridge (per process), with the config key each comes from. */
export interface HostedLimits {
  connectionsPerUser: number;
  connectionsTotal: number;
  stdioProcessesTotal: number;
  maxMessageBytes: number;
  /** 0: no idle timeout. */
  idleConnectionSeconds: number;
  toolCallsPerMinute: number;
  sendBytesPerMinute: number;
  socketsPerUser: number;
  /** Bytes of recordings kept per user (0: no quota). */
  recordingBytesPerUser: number;
  /** Frames over this many bytes are recorded as a marker, not whole (0: all whole). */
  recordedFrameBytes: number;
}

/** Which limit refused something. */
export type LimitName = keyof HostedLimits;

/** Data of a refusal by a limit: in a `failed` connect answer, and in the `data` of a JSON-RPC error the bridge answered with. */
export interface LimitRefusal {
  limit: LimitName;
  value: number;
  /** When trying again makes sense (rate limits). */
  retryAfterMs?: number;
}

/** The `hosted` part of GET /api/config: present only in hosted mode. */
export interface HostedInfo {
  /** `admin` when the user is named in `auth.admins` (the page shows the "Admin" view). */
  user: { name: string; via: AuthMethod; admin?: boolean };
  /** The catalog, in config order; connects name one of these. */
  catalog: CatalogServerInfo[];
  /** Whether users may connect to HTTP URLs of their own (within the admin's allow and deny lists). */
  userUrls: { enabled: boolean };
  limits: HostedLimits;
  /** Whether share links open without signing in. */
  sharing: { public: boolean };
  /** Recording retention is set in the config; the page cannot change it. */
  retentionDays: number;
  signInPath: string;
  signOutPath: string;
}

/** One of the user's sessions: a channel with an open connection. */
export interface ChannelSummary {
  id: string;
  /** The catalog server's name, or the user URL (credentials and query values hidden). */
  server: string;
  catalog: boolean;
  transport: TransportKind;
  /** When the connection opened (ms since the epoch). */
  since: number;
  recordingId?: string;
}

/** Body of GET /api/connections. */
export interface ConnectionListResponse {
  connections: ChannelSummary[];
  limits: Pick<HostedLimits, 'connectionsPerUser' | 'connectionsTotal'>;
}
