import type { RequestHandler } from 'express';

/** Where the bridge serves its Client ID Metadata Document (the document's URL is the client id). */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';

/**
 * The Client ID Metadata Document's URL for a bridge whose callback is `redirectUrl`, or undefined
 * when that is not https: a client id must be an https URL with a path, which an authorization
 * server fetches, so only a bridge reached at a public https address (hosted mode's
 * `server.publicUrl`) can be one. Others register dynamically or use a pre-registered client.
 */
export function clientMetadataUrlFor(redirectUrl: string): string | undefined {
  const callback = URL.parse(redirectUrl);
  if (callback?.protocol !== 'https:') return undefined;
  return new URL(CLIENT_METADATA_PATH, callback).href;
}

/**
 * `GET /oauth/client-metadata.json`: the document, for the authorization server to fetch (no
 * sign-in: it names only public facts). The same client as the one Toolscope registers
 * dynamically: a public client (no secret) of the authorization code grant with refresh.
 */
export function clientMetadataRoute(redirectUrl: () => string): RequestHandler {
  return (_request, response) => {
    const url = clientMetadataUrlFor(redirectUrl());
    if (!url) {
      response
        .status(404)
        .json({ error: 'This bridge is not reached over https: it has no client metadata document' });
      return;
    }
    response.set('cache-control', 'max-age=3600').json({
      client_id: url,
      client_name: 'Toolscope',
      redirect_uris: [redirectUrl()],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  };
}
