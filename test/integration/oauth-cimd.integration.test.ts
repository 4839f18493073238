/**
 * Registration by Client ID Metadata Document, against oidc-provider with the feature
 * on: a bridge reached at a public https address serves its document at
 * /oauth/client-metadata.json (the route hosted mode mounts); its connections use that URL as the
 * client id; the authorization server fetches the document from the bridge and signs the user in
 * with no registration. The public https origin maps to the route's loopback server for the
 * authorization server only (oidc-provider fetches https only): the test's own DNS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { CLIENT_METADATA_PATH, clientMetadataRoute } from '../../server/oauth/client-metadata-document.ts';
import { OAuthCallbacks } from '../../server/oauth/oauth-callbacks.ts';
import { HttpUpstream } from '../../server/upstream/http-upstream.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { waitFor } from '../support/node-session.ts';

const PUBLIC_ORIGIN = 'https://toolscope.test';
let fixture: OAuthFixture;
let routes: Server;
const oauth = new OAuthCallbacks();
const fetchedDocuments: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use((request, _response, next) => {
    if (request.path === CLIENT_METADATA_PATH) fetchedDocuments.push(request.path);
    next();
  });
  app.get(
    CLIENT_METADATA_PATH,
    clientMetadataRoute(() => oauth.redirectUrl),
  );
  routes = createServer(app);
  await new Promise<void>((resolve) => routes.listen(0, '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${(routes.address() as AddressInfo).port}`;
  oauth.redirectUrl = `${PUBLIC_ORIGIN}/oauth/callback`;
  fixture = await startOAuthFixture({ clientMetadataDocuments: { [PUBLIC_ORIGIN]: local } });
});
afterAll(async () => {
  await fixture.close();
  routes.closeAllConnections();
  await new Promise((resolve) => routes.close(resolve));
});

it('the authorization server fetches the bridge’s document and takes its URL as the client id: no registration', async () => {
  const options = oauth.options();
  expect(options.clientMetadataUrl).toBe(`${PUBLIC_ORIGIN}${CLIENT_METADATA_PATH}`);
  // The person's browser, standing in: follow the authorization server back to the callback.
  const upstream = new HttpUpstream(
    { transport: 'http', url: fixture.mcpUrl },
    { oauth: { ...options, headless: true } },
  );
  const events: BridgeEvent[] = [];
  upstream.onevent = (event) => events.push(event);
  const answers: unknown[] = [];
  upstream.onmessage = (message) => answers.push(message);
  await upstream.start();
  try {
    const initialize = {
      jsonrpc: '2.0' as const,
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cimd', version: '0' } },
    };
    await upstream.send(initialize, JSON.stringify(initialize));
    const call = {
      jsonrpc: '2.0' as const,
      id: 2,
      method: 'tools/call',
      params: { name: 'whoami', arguments: {} },
    };
    await upstream.send(call, JSON.stringify(call));
    await waitFor(() => answers.some((answer) => (answer as { id?: unknown }).id === 2), 'the call’s answer');
    expect(JSON.stringify(answers.at(-1))).toContain(`client ${PUBLIC_ORIGIN}${CLIENT_METADATA_PATH} scopes`);
    expect(fetchedDocuments.length).toBeGreaterThan(0);
    expect(fixture.registrations).toEqual([]);
    expect(fixture.grants).toContain('authorization_code');
    const steps = events.flatMap((event) => (event.kind === 'oauth-step' ? [event.step] : []));
    expect(steps.some((step) => step.kind === 'registration')).toBe(false);
    expect(steps.find((step) => step.kind === 'authorize')?.url).toContain(
      `client_id=${encodeURIComponent(`${PUBLIC_ORIGIN}${CLIENT_METADATA_PATH}`)}`,
    );
  } finally {
    await upstream.close();
  }
});

it('a bridge not reached over https has no document and no metadata URL (it registers instead)', async () => {
  const plain = new OAuthCallbacks();
  plain.redirectUrl = 'http://127.0.0.1:9/oauth/callback';
  expect(plain.options().clientMetadataUrl).toBeUndefined();
  const app = express();
  app.get(
    CLIENT_METADATA_PATH,
    clientMetadataRoute(() => plain.redirectUrl),
  );
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}${CLIENT_METADATA_PATH}`,
    );
    expect(response.status).toBe(404);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
