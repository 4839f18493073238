import type { Express } from 'express';
import { CLIENT_METADATA_PATH, clientMetadataRoute } from '../../oauth/client-metadata-document.ts';
import {
  AUTHORIZE_PATH,
  CALLBACK_CONFIRM_PATH,
  CALLBACK_PATH,
  OAuthCallbacks,
  type IdentifyRequest,
} from '../../oauth/oauth-callbacks.ts';

/**
 * Hosted mode's OAuth routes: `/oauth/authorize` (the page's sign-in link) and `/oauth/callback`,
 * both bound to the user who started the sign-in (`identify` names a request's user). No token
 * file: tokens live in each connection's memory only. Set `redirectUrl` once the bridge listens.
 */
export function hostedOAuth(app: Express, identify: IdentifyRequest): OAuthCallbacks {
  const oauth = new OAuthCallbacks(undefined, identify);
  app.get(AUTHORIZE_PATH, oauth.authorizeRoute());
  app.get([CALLBACK_PATH, CALLBACK_CONFIRM_PATH], oauth.route());
  app.get(
    CLIENT_METADATA_PATH,
    clientMetadataRoute(() => oauth.redirectUrl),
  );
  return oauth;
}
