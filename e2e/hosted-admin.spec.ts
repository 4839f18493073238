import { mkdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { tokenDigest } from '../server/hosted/auth/token-directory.ts';
import { connectAndCall, serveHostedTeam, signInWithToken, teamConfig } from './helpers/hosted-team.ts';
import { ToolscopePage, shareRecording as share } from './helpers/toolscope-page.ts';

/*
 * The Admin view of a hosted bridge: alice (token, in auth.admins) sees bob's connection and
 * recording, reloads the config while her own page stays connected, ends bob's connection (his
 * page is told), stops sharing and deletes his recording. Bob has no Admin button. And a viewer
 * behind a proxy that does not pass the page's Host is told which setting to change, instead of
 * "Reconnecting…" for ever.
 */
test.describe.configure({ mode: 'serial' });

const ALICE_TOKEN = 'e2e-admin-alice-token-0123456789abcdef';
const SHOTS = '/tmp/hosted-admin-shots';
let folder = '';
/** The team's config, with `extraTokens` beside alice's. */
const config = (extraTokens: { user: string; sha256: string }[] = []) =>
  teamConfig(folder, ALICE_TOKEN, {
    auth: {
      tokens: [{ user: 'alice', sha256: tokenDigest(ALICE_TOKEN) }, ...extraTokens],
      admins: ['alice'],
    },
  });
const hosted = serveHostedTeam((dataFolder) => {
  folder = dataFolder;
  mkdirSync(SHOTS, { recursive: true });
  return config();
});

test('an admin sees and ends other users’ connections and recordings, and reloads the config', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const bobContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'bob' } });
  const bob = await bobContext.newPage();
  await bob.goto(hosted.serve.url);
  await expect(bob.getByText('Signed in as bob')).toBeVisible();
  await connectAndCall(bob, 'a call by bob');
  await share(bob);
  await expect(bob.getByRole('button', { name: 'Admin' })).toHaveCount(0);

  const alice = await signInWithToken(browser, hosted.serve.url, 'alice', ALICE_TOKEN);
  await connectAndCall(alice, 'a call by alice');
  await alice.getByRole('button', { name: 'Admin' }).click();
  const admin = alice.getByRole('dialog', { name: 'Admin' });
  const connections = admin.getByRole('table', { name: 'Open connections' });
  const bobConnection = connections.getByRole('row').filter({ hasText: 'bob' });
  await expect(bobConnection).toContainText('demo');
  await expect(connections.getByRole('row').filter({ hasText: 'alice' })).toContainText('demo');
  const recordings = admin.getByRole('table', { name: 'All recordings' });
  const bobRecording = recordings.getByRole('row').filter({ hasText: 'bob' });
  await expect(bobRecording).toContainText('Shared');
  await expect(bobRecording).toContainText('Live');
  const users = admin.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'alice' })).toContainText('Admin');
  await expect(users.getByRole('row').filter({ hasText: 'bob' })).toContainText('the SSO header');
  await expect(admin.getByLabel('Store')).toContainText('Store: SQLite');
  for (const [scheme, size] of [
    ['light', { width: 1280, height: 800 }],
    ['dark', { width: 1280, height: 800 }],
    ['light', { width: 1920, height: 1080 }],
    ['dark', { width: 1920, height: 1080 }],
  ] as const) {
    await alice.setViewportSize(size);
    await alice.emulateMedia({ colorScheme: scheme });
    await alice.screenshot({ path: `${SHOTS}/admin-${scheme}-${size.width}.png` });
  }
  await alice.setViewportSize({ width: 1280, height: 800 });
  await alice.emulateMedia({ colorScheme: 'light' });

  // A token added in the file; the admin reloads, and her own page stays connected.
  hosted.write(config([{ user: 'carol', sha256: tokenDigest('e2e-admin-carol-token-0123456789') }]));
  await admin.getByRole('button', { name: 'Reload config' }).click();
  await expect(admin.getByRole('status')).toHaveText('Config reloaded: applied auth.tokens.');
  await expect(users.getByRole('row').filter({ hasText: 'carol' })).toBeVisible();

  await bobConnection.getByRole('button', { name: 'End connection' }).click();
  await expect(connections.getByRole('row').filter({ hasText: 'bob' })).toHaveCount(0);
  await expect(bob.getByText('An admin ended this connection.').first()).toBeVisible();
  await expect(new ToolscopePage(bob).status).toHaveText('Disconnected');

  await bobRecording.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(bobRecording).not.toContainText('Shared');
  await bobRecording.getByRole('button', { name: 'Delete' }).click();
  await bobRecording.getByRole('button', { name: 'Delete for good' }).click();
  await expect(recordings.getByRole('row').filter({ hasText: 'bob' })).toHaveCount(0);
  await alice.screenshot({ path: `${SHOTS}/admin-after-actions-light-1280.png` });
  await admin.getByRole('button', { name: 'Close' }).click();

  await new ToolscopePage(alice).expectConnected();
  await new ToolscopePage(alice).callTool();
  await expect(new ToolscopePage(alice).result).toContainText('a call by alice');
  await bobContext.close();
  await alice.context().close();
});

/** A reverse proxy that forwards to the bridge with the bridge's own Host, as nginx does without `proxy_set_header Host`. */
async function hostRewritingProxy(target: number): Promise<{ server: Server; port: number }> {
  const host = `127.0.0.1:${target}`;
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  server.on('upgrade', (incoming, socket, head) => {
    const upstream = connect(target, '127.0.0.1', () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
        const name = incoming.rawHeaders[index]!;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? host : incoming.rawHeaders[index + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return { server, port };
}

test('a live viewer refused for its address is told which setting to change', async ({ browser }) => {
  test.setTimeout(90_000);
  const bobContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'bob' } });
  const bob = await bobContext.newPage();
  await bob.goto(hosted.serve.url);
  await connectAndCall(bob, 'watched by dana');
  const link = new URL(await share(bob));
  const proxy = await hostRewritingProxy(hosted.serve.port);
  const viewerContext = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-User': 'dana' },
    viewport: { width: 1280, height: 800 },
  });
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto(`http://localhost:${proxy.port}${link.pathname}`);
    await expect(viewer.getByRole('note', { name: 'Replay' })).toBeVisible();
    const refusal = viewer.getByRole('alert');
    await expect(refusal).toContainText(`Origin not allowed: http://localhost:${proxy.port}`);
    await expect(refusal).toContainText(`add "localhost:${proxy.port}" to server.allowedHosts`);
    await expect(viewer.getByRole('status', { name: 'Live status' })).toHaveText('Not live');
    await viewer.screenshot({ path: `${SHOTS}/viewer-refused-light-1280.png` });
    await viewer.emulateMedia({ colorScheme: 'dark' });
    await viewer.screenshot({ path: `${SHOTS}/viewer-refused-dark-1280.png` });
  } finally {
    await viewerContext.close();
    await bobContext.close();
    proxy.server.close();
  }
});
