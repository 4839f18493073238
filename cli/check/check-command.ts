import { readFile, writeFile } from 'node:fs/promises';
import type { ServerTarget } from '#shared/targets.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import { AutoAnswer } from '#client/checks/auto-answer.ts';
import { runChecks } from '#client/checks/run-checks.ts';
import { CHECK_USAGE, parseArgsFile, parseCheckArgs, type CheckCliOptions } from './check-args.ts';
import {
  exitCodeOf,
  formatFailure,
  formatJson,
  formatJunit,
  formatText,
  type CheckFailureStage,
} from './check-report.ts';
import { InProcessSocket } from '../headless/in-process-socket.ts';
import { EXIT_USAGE_OR_CONNECT } from '../headless/exit-codes.ts';
import { packageVersion } from '../../server/package-version.ts';
import { resolveTarget } from '../../server/target-flags.ts';
import { BaselineRun, formatBaselineSummary } from './check-baseline.ts';

/** Auto's wait for an HTTP server's answer to its probe, a headless sign-in included (see below). */
export const CHECK_HTTP_PROBE_TIMEOUT_MS = 60_000;

/**
 * `toolscope check`: runs the headless client (client/) over the bridge's own channel and
 * upstream in this process, checks the server and prints the report. Resolves with the exit code.
 */
export async function runCheck(argv: readonly string[]): Promise<number> {
  let options: CheckCliOptions;
  let target: ServerTarget;
  let argsByTool: Record<string, unknown> | undefined;
  let baseline: BaselineRun | undefined;
  try {
    options = parseCheckArgs(argv);
    if (options.help) {
      console.log(CHECK_USAGE);
      return 0;
    }
    target = await resolveTarget(options.target);
    if (options.privateKeyFile) options.oauth.privateKey = await readPrivateKey(options.privateKeyFile);
    if (options.assertionFile)
      options.oauth.assertion = await readToken(options.assertionFile, '--assertion-file');
    if (options.idTokenFile)
      options.oauth.enterprise = {
        idToken: await readToken(options.idTokenFile, '--id-token-file'),
        ...(options.idp.url ? { idpUrl: options.idp.url } : {}),
        ...(options.idp.tokenEndpoint ? { tokenEndpoint: options.idp.tokenEndpoint } : {}),
        idpClientId: options.idp.clientId!,
        ...(options.idp.clientSecret ? { idpClientSecret: options.idp.clientSecret } : {}),
      };
    if (options.argsFile)
      argsByTool = parseArgsFile(await readFile(options.argsFile, 'utf8'), options.argsFile);
    baseline = await BaselineRun.open(options.baseline, options.timeoutMs);
  } catch (error) {
    // Asked for JSON, even when the rest of the command line did not parse: the caller reads stdout.
    const json = argv.includes('--json');
    // The usage text is for people: the JSON report keeps the reason only.
    const message = (error as Error).message;
    return failed('usage', json ? message.split('\n\nUsage:')[0]! : message, json);
  }
  const sockets: InProcessSocket[] = [];
  const answers = new AutoAnswer();
  const session = new McpSession({
    createTransport: (connectTo) => {
      const socket = new InProcessSocket(connectTo.transport === 'stdio' ? {} : { oauth: options.oauth });
      sockets.push(socket);
      return new BridgeTransport(socket, connectTo);
    },
    clientInfo: { name: 'toolscope-check', version: packageVersion() },
    extensions: [answers],
    // A headless sign-in can run inside Auto's probe of an HTTP server (one that publishes no
    // protected resource metadata signs in at its first 401): on a busy CI machine discovery,
    // registration, authorization and the token can take longer than the page's 15 s. check runs
    // unattended, so it waits longer before "down".
    httpProbeTimeoutMs: CHECK_HTTP_PROBE_TIMEOUT_MS,
  });
  const progress = process.stderr.isTTY && !options.json;
  try {
    await session.connect(target).catch(() => {});
    const state = session.state.get();
    if (state.status !== 'connected') {
      const signIn = state.log.some(
        ({ event }) => event.kind === 'oauth-step' && event.step.kind === 'failed',
      );
      return failed(signIn ? 'sign-in' : 'connect', state.error ?? 'unknown error', options.json);
    }
    const onstep = progress ? (text: string) => process.stderr.write(`\r\x1b[K${text}`) : undefined;
    let report;
    try {
      report = await runChecks(session, {
        all: options.all,
        argsByTool,
        callTimeoutMs: options.timeoutMs,
        skills: options.skills,
        onstep,
        ...baseline?.checkOptions(session),
      });
    } catch (error) {
      // The connection went away under the checks: still a report, with the reason.
      if (progress) process.stderr.write('\r\x1b[K');
      return failed('connect', (error as Error).message, options.json);
    }
    const summary = await baseline
      ?.finish(session, report, { all: options.all, onstep })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (progress) process.stderr.write('\r\x1b[K');
    if (summary instanceof Error) return failed('usage', summary.message, options.json);
    const withBaseline = summary ? { ...report, baseline: summary } : report;
    if (options.json) console.log(formatJson(withBaseline));
    else console.log(formatText(report) + (summary ? `\n${formatBaselineSummary(summary)}` : ''));
    if (options.junit) await writeFile(options.junit, formatJunit(report));
    return exitCodeOf(report);
  } finally {
    await session.disconnect();
    await Promise.all(sockets.map((socket) => socket.shutdown()));
  }
}

/** Prints why the check could not run (JSON on stdout, or a line on stderr); the exit code. */
function failed(stage: CheckFailureStage, message: string, json: boolean): number {
  if (json) console.log(formatFailure(stage, message, true));
  else console.error(formatFailure(stage, message, false));
  return EXIT_USAGE_OR_CONNECT;
}

/** The PEM text of `--private-key-file`, or a readable error. */
async function readPrivateKey(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --private-key-file ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text))
    throw new Error(`--private-key-file ${file} holds no PEM private key`);
  return text;
}

/** A JWT read from a file (a workload's or the IdP's token), or a readable error. */
async function readToken(file: string, flag: string): Promise<string> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    throw new Error(`cannot read ${flag} ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(text)) throw new Error(`${flag} ${file} holds no JWT`);
  return text;
}
