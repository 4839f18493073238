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
  it('becomes a machine client when the authorization server offers only client_credentials', async () => {
    const oauth = new ConnectionOAuth({
      redirectUrl: 'http://127.0.0.1/oauth/callback',
      authorize: never,
      clientId: 'c',
      clientSecret: 's',
      machineGrant: 'auto',
    });
    expect(oauth.redirectUrl).toBe('http://127.0.0.1/oauth/callback');
    expect(await oauth.prepareTokenRequest('a')).toBeUndefined();
    oauth.saveDiscoveryState(discovered(['client_credentials']));
    expect(oauth.redirectUrl).toBeUndefined();
    expect((await oauth.prepareTokenRequest('a b'))?.toString()).toBe(
      'grant_type=client_credentials&scope=a+b',
    );
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

  it('signs in with a workload JWT through the JWT-bearer grant, with no user', async () => {
    const workload = new ConnectionOAuth({
      redirectUrl: 'http://x/cb',
      authorize: never,
      clientId: 'ci',
      assertion: 'eyJ.eyJ.sig',
    });
    expect(workload.redirectUrl).toBeUndefined();
    expect(workload.clientMetadata.grant_types).toEqual(['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    const params = await workload.prepareTokenRequest('mcp');
    expect(Object.fromEntries(params!)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: 'eyJ.eyJ.sig',
      scope: 'mcp',
    });
  });

  it('exchanges the ID token at the enterprise IdP for the discovered server, then sends that grant', async () => {
    const sent: { url: string; body: URLSearchParams }[] = [];
    const idpFetch = async (url: string | URL, init?: RequestInit) => {
      sent.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
      return Response.json({
        access_token: 'id-jag-token',
        issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        token_type: 'N_A',
      });
    };
    const enterprise = new ConnectionOAuth({
      redirectUrl: 'http://x/cb',
      authorize: never,
      clientId: 'c',
      clientSecret: 's',
      enterprise: {
        idToken: 'user-id-token',
        tokenEndpoint: 'https://idp.example/token',
        idpClientId: 'idp-client',
      },
      fetch: () => idpFetch,
    });
    await expect(enterprise.prepareTokenRequest()).rejects.toThrow(/authorization server and resource/);
    enterprise.saveDiscoveryState(discovered(['urn:ietf:params:oauth:grant-type:jwt-bearer']));
    enterprise.saveResourceUrl('https://mcp.example/mcp');
    const params = await enterprise.prepareTokenRequest();
    expect(params?.get('assertion')).toBe('id-jag-token');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://idp.example/token');
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'user-id-token',
      audience: 'https://as.example',
      resource: 'https://mcp.example/mcp',
      client_id: 'idp-client',
    });
  });

  it('offers a DPoP key once the resource server asks for DPoP, one key for the connection', async () => {
    const auto = new ConnectionOAuth({ redirectUrl: 'http://x/cb', authorize: never });
    expect(auto.dpop()).toBeUndefined();
    auto.noteDpopChallenge();
    const session = await auto.dpop();
    expect(session?.alg).toBe('ES256');
    expect(await auto.dpop()).toBe(session);
    const never_ = new ConnectionOAuth({ redirectUrl: 'http://x/cb', authorize: never, dpop: 'never' });
    never_.noteDpopChallenge();
    expect(never_.dpop()).toBeUndefined();
    const always = new ConnectionOAuth({ redirectUrl: 'http://x/cb', authorize: never, dpop: 'always' });
    always.saveDiscoveryState({
      ...discovered(['authorization_code']),
      authorizationServerMetadata: {
        ...discovered(['authorization_code']).authorizationServerMetadata!,
        dpop_signing_alg_values_supported: ['HS256', 'ES384'],
      },
    } as OAuthDiscoveryState);
    expect((await always.dpop())?.alg).toBe('ES384');
  });
});
