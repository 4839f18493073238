/**
 * The authorization server moves: the protected resource metadata names another one and
 * the resource takes only its tokens. The connection's token is refused, so it discovers again,
 * registers at the new server and signs in there; the registration at the first one is kept (per
 * issuer), so moving back signs in there without registering again. Against two oidc-providers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { oauthUpstream } from '../support/oauth-upstream.ts';

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(async () => {
  await fixture.close();
});

it('discovers and registers again at the new authorization server; moving back reuses the first registration', async () => {
  const { upstream, ask, initialize, steps } = oauthUpstream(fixture.mcpUrl, { headless: true });
  const whoami = async () => JSON.stringify(await ask('tools/call', { name: 'whoami', arguments: {} }));
  try {
    await initialize('moving');
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer]);

    const moved = await fixture.moveAuthorizationServer();
    const before = steps().length;
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer, moved]);
    const after = steps().slice(before);
    expect(after.find((step) => step.kind === 'resource-metadata')?.status).toBe(200);
    expect(after.find((step) => step.kind === 'server-metadata')?.url).toContain(moved);
    expect(after.find((step) => step.kind === 'authorize')?.url).toContain(moved);

    // Back to the first: its registration was kept for it, so no new one.
    expect(await fixture.moveAuthorizationServer()).toBe(fixture.issuer);
    const back = steps().length;
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer, moved]);
    expect(
      steps()
        .slice(back)
        .find((step) => step.kind === 'authorize')?.url,
    ).toContain(fixture.issuer);
    expect(
      steps()
        .slice(back)
        .some((step) => step.kind === 'registration'),
    ).toBe(false);
  } finally {
    await upstream.close();
  }
});
