import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { BridgeToClient, ClientToBridge } from '#shared/bridge-protocol.ts';
import type { LimitRefusal } from '#shared/hosted.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { FrameStamper } from '../relay/frame-stamper.ts';
import type { TextMask } from '../secrets/text-mask.ts';
import type { UpstreamOptions } from '../upstream/open-upstream.ts';

/** A connect message from the page: a target, or (hosted mode) a catalog server. */
export type ConnectRequest = Extract<ClientToBridge, { type: 'connect' }>;

/** Why the bridge answers a page's message itself instead of relaying it. */
export interface SendRefusal {
  /** Shown to the user: which limit, its value, what to do. */
  message: string;
  /** Carried in the JSON-RPC error's `data`, for the page to act on. */
  data?: Record<string, unknown>;
}

/**
 * What the page and the recording may see of a connection, when that is less than all (hosted
 * mode's catalog entries): the target the recording keeps, and each message to the page rewritten
 * (or dropped: undefined) before it is sent and recorded.
 */
export interface PageView {
  recordedTarget: ServerTarget;
  /**
   * Masks each frame as it is stamped, before anyone reads it: the page, the recording and its
   * live viewers, the audit all get the masked form, and it is masked once.
   */
  frameMask?: TextMask;
  toPage(message: BridgeToClient, json?: string): { message: BridgeToClient; json?: string } | undefined;
}

/**
 * A connection a policy let a channel open. The channel calls `opened` once the upstream started
 * and `ended` exactly once when the connection ends, whatever the reason (closed, failed to start,
 * replaced, the server exited), so that what it holds (a session slot, a child process slot) is
 * given back.
 */
export interface AdmittedConnection {
  target: ServerTarget;
  upstream?: UpstreamOptions;
  /** What the page and the recording may see of it; by default everything. */
  view?: PageView;
  /** The upstream is open; its frames go through `stamper` from now on. */
  opened?(stamper: FrameStamper, recordingId: string | undefined): void;
  /** The connection is over (or never opened: `error` says why). */
  ended(error?: string): void;
}

/** The answer to a connect: open this, or fail with a message the page shows. */
export type Admission =
  { ok: true; connection: AdmittedConnection } | { ok: false; error: string; limit?: LimitRefusal };

/**
 * What a page channel asks before it opens a connection or relays a request. The single-user
 * bridge opens whatever the page names; hosted mode binds a policy to the signed-in user that
 * opens catalog servers only, checks user URLs and enforces limits.
 */
export interface ChannelPolicy {
  /** `channelId` names the channel asking (its sessions are listed by it). */
  admit(request: ConnectRequest, channelId: string): Admission | Promise<Admission>;
  /** A refusal to answer `message` with instead of relaying it, or undefined to relay it. */
  screen?(message: JSONRPCMessage): SendRefusal | undefined;
}

/** Single-user mode: the page's user runs the bridge, so any target it names is opened. */
export const openAnyTarget: ChannelPolicy = {
  admit(request) {
    if (request.catalog !== undefined)
      return { ok: false, error: 'This bridge has no server catalog: name a command or URL instead.' };
    return { ok: true, connection: { target: request.target, ended: () => {} } };
  },
};
