import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ConnectionOAuth } from './connection-oauth.ts';

const never = () => new Promise<URLSearchParams>(() => {});

/** Discovery that found an authorization server offering these grants. */
function discovered(grants: string[]): OAuthDiscoveryState {
  return {
    authorizationServerUrl: 'https://as.example',
    authorizationServerMetadata: {
      issuer: 'https://as.example',
      authorization_endpoint: 'https://as.example/auth',
      token_endpoint: 'https://as.example/token',
      response_types_supported: ['code'],
      grant_types_supported: grants,
    },
  } as OAuthDiscoveryState;
}

describe('ConnectionOAuth', () => {
  it('becomes a machine client when the authorization server offers only client_credentials', () => {
    const oauth = new ConnectionOAuth({
      redirectUrl: 'http://127.0.0.1/oauth/callback',
      authorize: never,
      clientId: 'c',
      clientSecret: 's',
      machineGrant: 'auto',
    });
    expect(oauth.redirectUrl).toBe('http://127.0.0.1/oauth/callback');
    expect(oauth.prepareTokenRequest('a')).toBeUndefined();
    oauth.saveDiscoveryState(discovered(['client_credentials']));
    expect(oauth.redirectUrl).toBeUndefined();
    expect(oauth.prepareTokenRequest('a b')?.toString()).toBe('grant_type=client_credentials&scope=a+b');
    expect(oauth.clientMetadata.grant_types).toEqual(['client_credentials']);
    oauth.saveDiscoveryState(discovered(['authorization_code', 'client_credentials']));
    expect(oauth.redirectUrl).toBe('http://127.0.0.1/oauth/callback');
  });

  it('stays interactive without credentials of its own, and is a machine client when told', () => {
    const publicClient = new ConnectionOAuth({
      redirectUrl: 'http://x/cb',
      authorize: never,
      machineGrant: 'auto',
    });
    publicClient.saveDiscoveryState(discovered(['client_credentials']));
    expect(publicClient.redirectUrl).toBe('http://x/cb');
    const told = new ConnectionOAuth({
      redirectUrl: 'http://x/cb',
      authorize: never,
      clientId: 'c',
      clientSecret: 's',
      machineGrant: 'always',
    });
    expect(told.redirectUrl).toBeUndefined();
  });

  it('authenticates with a signed JWT when it has a private key, and offers its metadata document', () => {
    const keyed = new ConnectionOAuth({
      redirectUrl: 'http://x/cb',
      authorize: never,
      clientId: 'c',
      privateKey: '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----',
      clientMetadataUrl: 'https://app.example/client.json',
    });
    expect(typeof keyed.addClientAuthentication).toBe('function');
    expect(keyed.clientMetadata.token_endpoint_auth_method).toBe('private_key_jwt');
    expect(keyed.clientMetadataUrl).toBe('https://app.example/client.json');
    const plain = new ConnectionOAuth({ redirectUrl: 'http://x/cb', authorize: never });
    expect(plain.addClientAuthentication).toBeUndefined();
  });
});
