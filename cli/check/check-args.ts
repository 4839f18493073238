import type { OAuthOptions } from '../../server/oauth/oauth-options.ts';
import { ArgvReader } from '../../server/argv-reader.ts';
import { parseCliArgs, type CliOptions } from '../../server/cli-args.ts';
import { flagHelp, readFlag } from '../../server/flag-table.ts';
import { BASELINE_FLAGS, checkBaselineOptions, type BaselineOptions } from './baseline-args.ts';

export const CHECK_USAGE = `Usage:
  toolscope check [options] -- <command> [args...]
  toolscope check [options] --url <http(s)://…/mcp> [--transport http|sse] [--header "Name: value"]...
  toolscope check [options] --config <mcp.json> --server <name>
Connects, lists tools, resources and prompts (all pages, twice), calls every tool that is not
destructive with arguments from its input schema, and reports what breaks the spec.

Options:
  --era <e>              auto (default), legacy (2025-11-25 and earlier) or modern (2026-07-28)
  --all                  call every tool, destructive ones too
  --args-file <f>        JSON: tool name → arguments (or a list of them, one call each);
                         the tools it names are always called, with these arguments
  --json                 print the report as JSON instead of text
  --junit <file>         also write the report as JUnit XML
  --timeout <ms>         per-call timeout (default 30000)
  --skills <verify|list> a server with the Skills extension: load every skill and verify
                         each file's size, digest and frontmatter (verify, the default), or
                         only list the skills, reading no file (list)
${flagHelp(BASELINE_FLAGS)}
  --oauth-headless       sign in without a browser (follow the authorization redirect)
  --client-id <id>       a pre-registered OAuth client
  --client-secret <s>    its secret
  --client-credentials   sign in as a machine client (client_credentials grant); without it,
                         a client with a secret or key does so when the authorization server
                         offers client_credentials and not authorization_code
  --private-key-file <f> the client's PEM (PKCS #8) private key: authenticate to the token
                         endpoint with a signed JWT (private_key_jwt) instead of a secret
  --signing-alg <alg>    the key's JWS algorithm (default ES256; RS256, PS256, ES384…)
  --client-metadata-url <https URL>
                         where this client's Client ID Metadata Document is served: used as
                         the client id when the authorization server supports such documents
  --dpop                 always ask for DPoP-bound tokens (RFC 9449); by default only when the
                         server's challenge or metadata asks for them
  --no-dpop              never use DPoP
  --assertion-file <f>   a JWT (e.g. a CI workload identity token) to sign in with the
                         JWT-bearer grant (RFC 7523) as a machine client
  --id-token-file <f>    enterprise-managed authorization: the user's ID token from the
                         enterprise IdP, exchanged there for a grant to the server (SEP-990);
                         needs --idp-url or --idp-token-endpoint, --idp-client-id and
                         --client-id
  --idp-url <url>        the enterprise IdP's issuer URL (its token endpoint is discovered)
  --idp-token-endpoint <url>
                         the IdP's token endpoint (instead of discovering it)
  --idp-client-id <id>   this client's id at the IdP
  --idp-client-secret <s> its secret at the IdP
  -h, --help             show this help
Exit codes: 0 no error-level finding, 1 at least one, 2 bad usage or cannot connect.`;

/** The command line of `toolscope check`, parsed without side effects. */
export interface CheckCliOptions {
  /** The target, as the main command line reads it. */
  target: Pick<CliOptions, 'command' | 'url' | 'transport' | 'headers' | 'config' | 'server' | 'era'>;
  json: boolean;
  junit?: string;
  all: boolean;
  argsFile?: string;
  /** The file of `--private-key-file` (read by the command, not the parser). */
  privateKeyFile?: string;
  /** The files of `--assertion-file` and `--id-token-file` (read by the command). */
  assertionFile?: string;
  idTokenFile?: string;
  /** The enterprise IdP of `--idp-url`, `--idp-client-id`, `--idp-client-secret`. */
  idp: { url?: string; tokenEndpoint?: string; clientId?: string; clientSecret?: string };
  timeoutMs?: number;
  /** The Skills extension: verify every skill (default) or list them only. */
  skills?: 'verify' | 'list';
  oauth: OAuthOptions;
  /** `--save-baseline`, `--baseline` and `--ignore`. */
  baseline: BaselineOptions;
  help: boolean;
}

/** Options of the main command line that mean something to `check` too (the target's). */
const TARGET_FLAGS = new Set(['--url', '--transport', '--header', '--config', '--server', '--era']);

/** Parses the arguments after `check`; throws an Error with a readable message on bad input. */
export function parseCheckArgs(argv: readonly string[]): CheckCliOptions {
  const options: CheckCliOptions = {
    target: { headers: {} },
    json: false,
    all: false,
    oauth: {},
    idp: {},
    baseline: { ignore: [] },
    help: false,
  };
  const args = new ArgvReader(argv);
  const value = (flag: string): string => args.value(flag);
  const forTarget: string[] = [];
  for (let arg = args.next(); arg !== undefined; arg = args.next()) {
    switch (arg) {
      case '--':
        forTarget.push(arg, ...args.remaining());
        break;
      case '--json':
        options.json = true;
        break;
      case '--junit':
        options.junit = value(arg);
        break;
      case '--all':
        options.all = true;
        break;
      case '--args-file':
        options.argsFile = value(arg);
        break;
      case '--timeout': {
        const ms = Number(value(arg));
        if (!Number.isInteger(ms) || ms <= 0)
          throw new Error('--timeout must be a positive number of milliseconds');
        options.timeoutMs = ms;
        break;
      }
      case '--skills': {
        const mode = value(arg);
        if (mode !== 'verify' && mode !== 'list')
          throw new Error(`--skills must be verify or list, not ${mode}`);
        options.skills = mode;
        break;
      }
      case '--oauth-headless':
        options.oauth.headless = true;
        break;
      case '--client-id':
        options.oauth.clientId = value(arg);
        break;
      case '--client-secret':
        options.oauth.clientSecret = value(arg);
        break;
      case '--client-credentials':
        options.oauth.clientCredentials = true;
        break;
      case '--private-key-file':
        options.privateKeyFile = value(arg);
        break;
      case '--signing-alg': {
        const alg = value(arg);
        if (!/^(RS|PS|ES)(256|384|512)$|^EdDSA$/.test(alg))
          throw new Error(
            `--signing-alg must be an asymmetric JWS algorithm such as ES256 or RS256, not ${alg}`,
          );
        options.oauth.signingAlg = alg;
        break;
      }
      case '--client-metadata-url': {
        const url = value(arg);
        if (!isHttpsPathUrl(url))
          throw new Error("--client-metadata-url must be an https URL with a path (the document's address)");
        options.oauth.clientMetadataUrl = url;
        break;
      }
      case '--dpop':
      case '--no-dpop':
        options.oauth.dpop = arg === '--dpop' ? 'always' : 'never';
        break;
      case '--assertion-file':
        options.assertionFile = value(arg);
        break;
      case '--id-token-file':
        options.idTokenFile = value(arg);
        break;
      case '--idp-url':
      case '--idp-token-endpoint': {
        const url = value(arg);
        if (!/^https?:\/\//.test(url) || !URL.canParse(url))
          throw new Error(`${arg} must be an http(s) URL, not ${url}`);
        if (arg === '--idp-url') options.idp.url = url;
        else options.idp.tokenEndpoint = url;
        break;
      }
      case '--idp-client-id':
        options.idp.clientId = value(arg);
        break;
      case '--idp-client-secret':
        options.idp.clientSecret = value(arg);
        break;
      case '-h':
      case '--help':
        options.help = true;
        break;
      default:
        if (readFlag(BASELINE_FLAGS, arg, args, options.baseline)) break;
        if (!TARGET_FLAGS.has(arg)) throw new Error(`Unknown option for check: ${arg}\n\n${CHECK_USAGE}`);
        forTarget.push(arg, value(arg));
    }
  }
  if (options.help) return options;
  const parsed = parseCliArgs(forTarget);
  const { command, url, transport, headers, config, server, era } = parsed;
  options.target = { command, url, transport, headers, config, server, era };
  if (!command && !url && !config)
    throw new Error(`Give a target: a command after --, --url, or --config\n\n${CHECK_USAGE}`);
  checkBaselineOptions(options.baseline);
  if (options.baseline.compare && options.argsFile)
    throw new Error('Give --args-file or --baseline, not both: a baseline makes its own calls');
  if (options.oauth.clientSecret && !options.oauth.clientId)
    throw new Error('--client-secret needs --client-id');
  if (options.privateKeyFile && !options.oauth.clientId)
    throw new Error('--private-key-file needs --client-id');
  if (
    options.oauth.clientCredentials &&
    (!options.oauth.clientId || !(options.oauth.clientSecret || options.privateKeyFile))
  )
    throw new Error('--client-credentials needs --client-id and --client-secret or --private-key-file');
  if (
    options.idTokenFile &&
    !((options.idp.url || options.idp.tokenEndpoint) && options.idp.clientId && options.oauth.clientId)
  )
    throw new Error(
      '--id-token-file needs --idp-url or --idp-token-endpoint, --idp-client-id and --client-id',
    );
  if (Object.keys(options.idp).length && !options.idTokenFile)
    throw new Error('The --idp-… options need --id-token-file');
  if (options.idTokenFile && options.assertionFile)
    throw new Error('Give --assertion-file or --id-token-file, not both');
  if (
    command &&
    (options.oauth.headless ||
      options.oauth.dpop ||
      options.assertionFile ||
      options.idTokenFile ||
      options.oauth.clientId ||
      options.oauth.clientCredentials ||
      options.oauth.clientMetadataUrl)
  )
    throw new Error('OAuth options apply to --url targets only');
  return options;
}

/** An https URL with a path other than `/`: what a Client ID Metadata Document's address must be. */
function isHttpsPathUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return false;
  }
}

/**
 * Reads an arguments file's text: a JSON object of tool name → arguments object (or a list of
 * them). Throws with a readable message otherwise.
 */
export function parseArgsFile(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${file} must be a JSON object of tool name → arguments`);
  for (const [name, args] of Object.entries(value)) {
    const calls = Array.isArray(args) ? args : [args];
    for (const call of calls)
      if (typeof call !== 'object' || call === null || Array.isArray(call))
        throw new Error(`${file}: the arguments of ${name} must be an object (or a list of objects)`);
  }
  return value as Record<string, unknown>;
}
