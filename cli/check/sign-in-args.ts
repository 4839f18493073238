import type { OAuthOptions } from '../../server/oauth/oauth-options.ts';
import type { Flag } from '../../server/flag-table.ts';

/** How `toolscope check` signs in to a --url server, as its command line says. */
export interface SignInArgs {
  oauth: OAuthOptions;
  /** The file of `--private-key-file` (read by the command, not the parser). */
  privateKeyFile?: string;
  /** The files of `--assertion-file` and `--id-token-file` (read by the command). */
  assertionFile?: string;
  idTokenFile?: string;
  /** The enterprise IdP of `--idp-url`, `--idp-client-id`, `--idp-client-secret`. */
  idp: { url?: string; tokenEndpoint?: string; clientId?: string; clientSecret?: string };
}

/** The sign-in options of `toolscope check`. */
export const SIGN_IN_FLAGS: Flag<SignInArgs>[] = [
  {
    name: '--oauth-headless',
    help: 'sign in without a browser (follow the authorization redirect)',
    apply: (o) => void (o.oauth.headless = true),
  },
  {
    name: '--client-id',
    value: '<id>',
    help: 'a pre-registered OAuth client',
    apply: (o, v) => void (o.oauth.clientId = v),
  },
  {
    name: '--client-secret',
    value: '<s>',
    help: 'its secret',
    apply: (o, v) => void (o.oauth.clientSecret = v),
  },
  {
    name: '--client-credentials',
    help: 'sign in as a machine client (client_credentials grant); without it, a client with a secret or key does so when the authorization server offers client_credentials and not authorization_code',
    apply: (o) => void (o.oauth.clientCredentials = true),
  },
  {
    name: '--private-key-file',
    value: '<f>',
    help: "the client's PEM (PKCS #8) private key: authenticate to the token endpoint with a signed JWT (private_key_jwt) instead of a secret",
    apply: (o, v) => void (o.privateKeyFile = v),
  },
  {
    name: '--signing-alg',
    value: '<alg>',
    help: "the key's JWS algorithm (default ES256; RS256, PS256, ES384…)",
    apply: (o, alg) => {
      if (!/^(RS|PS|ES)(256|384|512)$|^EdDSA$/.test(alg))
        throw new Error(
          `--signing-alg must be an asymmetric JWS algorithm such as ES256 or RS256, not ${alg}`,
        );
      o.oauth.signingAlg = alg;
    },
  },
  {
    name: '--client-metadata-url',
    value: '<https URL>',
    help: "where this client's Client ID Metadata Document is served: used as the client id when the authorization server supports such documents",
    apply: (o, url) => {
      if (!isHttpsPathUrl(url))
        throw new Error("--client-metadata-url must be an https URL with a path (the document's address)");
      o.oauth.clientMetadataUrl = url;
    },
  },
  {
    name: '--dpop',
    help: "always ask for DPoP-bound tokens (RFC 9449); by default only when the server's challenge or metadata asks for them",
    apply: (o) => void (o.oauth.dpop = 'always'),
  },
  { name: '--no-dpop', help: 'never use DPoP', apply: (o) => void (o.oauth.dpop = 'never') },
  {
    name: '--assertion-file',
    value: '<f>',
    help: 'a JWT (e.g. a CI workload identity token) to sign in with the JWT-bearer grant (RFC 7523) as a machine client',
    apply: (o, v) => void (o.assertionFile = v),
  },
  {
    name: '--id-token-file',
    value: '<f>',
    help: "enterprise-managed authorization: the user's ID token from the enterprise IdP, exchanged there for a grant to the server (SEP-990); needs --idp-url or --idp-token-endpoint, --idp-client-id and --client-id",
    apply: (o, v) => void (o.idTokenFile = v),
  },
  {
    name: '--idp-url',
    value: '<url>',
    help: "the enterprise IdP's issuer URL (its token endpoint is discovered)",
    apply: (o, v) => void (o.idp.url = httpUrl('--idp-url', v)),
  },
  {
    name: '--idp-token-endpoint',
    value: '<url>',
    help: "the IdP's token endpoint (instead of discovering it)",
    apply: (o, v) => void (o.idp.tokenEndpoint = httpUrl('--idp-token-endpoint', v)),
  },
  {
    name: '--idp-client-id',
    value: '<id>',
    help: "this client's id at the IdP",
    apply: (o, v) => void (o.idp.clientId = v),
  },
  {
    name: '--idp-client-secret',
    value: '<s>',
    help: 'its secret at the IdP',
    apply: (o, v) => void (o.idp.clientSecret = v),
  },
];

/** Throws when the sign-in options contradict each other or the target (a stdio command has no sign-in). */
export function checkSignInArgs(options: SignInArgs, stdio: boolean): void {
  const { oauth, idp } = options;
  if (oauth.clientSecret && !oauth.clientId) throw new Error('--client-secret needs --client-id');
  if (options.privateKeyFile && !oauth.clientId) throw new Error('--private-key-file needs --client-id');
  if (oauth.clientCredentials && (!oauth.clientId || !(oauth.clientSecret || options.privateKeyFile)))
    throw new Error('--client-credentials needs --client-id and --client-secret or --private-key-file');
  if (options.idTokenFile && !((idp.url || idp.tokenEndpoint) && idp.clientId && oauth.clientId))
    throw new Error(
      '--id-token-file needs --idp-url or --idp-token-endpoint, --idp-client-id and --client-id',
    );
  if (Object.keys(idp).length && !options.idTokenFile)
    throw new Error('The --idp-… options need --id-token-file');
  if (options.idTokenFile && options.assertionFile)
    throw new Error('Give --assertion-file or --id-token-file, not both');
  if (
    stdio &&
    (oauth.headless ||
      oauth.dpop ||
      options.assertionFile ||
      options.idTokenFile ||
      oauth.clientId ||
      oauth.clientCredentials ||
      oauth.clientMetadataUrl)
  )
    throw new Error('OAuth options apply to --url targets only');
}

function httpUrl(flag: string, url: string): string {
  if (!/^https?:\/\//.test(url) || !URL.canParse(url))
    throw new Error(`${flag} must be an http(s) URL, not ${url}`);
  return url;
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
