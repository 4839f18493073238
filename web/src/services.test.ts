import { describe, expect, it, vi } from 'vitest';
import { McpSession } from '#client/session/mcp-session.ts';
import { createServices, type CoreServices } from './services.ts';

const session = () =>
  new McpSession({
    createTransport: () => {
      throw new Error('never connects');
    },
  });

describe('createServices', () => {
  it("builds the core, then each feature's services under its key, once per session", () => {
    const live = session();
    const create = vi.fn((_: McpSession, core: CoreServices) => ({ built: 'apps', history: core.history }));
    const services = createServices(live, [{ services: { key: 'apps', create: create as never } }, {}]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0]).toBe(live);
    expect(services.session).toBe(live);
    expect(services.apps).toMatchObject({ built: 'apps', history: services.history });
  });

  it('builds nothing of a feature that is not in the list', () => {
    const services = createServices(session(), []);
    expect(Object.keys(services).sort()).toEqual(
      ['history', 'policy', 'runner', 'session', 'stage', 'tasks', 'workspace'].sort(),
    );
  });
});
