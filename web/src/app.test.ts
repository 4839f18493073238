import { describe, expect, it } from 'vitest';
import { McpSession } from '#client/session/mcp-session.ts';
import { createServices } from './services.ts';
import { sideTabs, stageEntries } from './feature.ts';
import { FEATURES } from './app.tsx';

describe("the page's features", () => {
  it('give the left column and the calls and logs column their tabs, in order', () => {
    expect(stageEntries(FEATURES).map((entry) => entry.tab)).toEqual([
      'Tools',
      'Resources',
      'Prompts',
      'Skills',
      'Chat',
    ]);
    expect(sideTabs(FEATURES).map((side) => side.tab)).toEqual([
      'History',
      'Saved',
      'Tasks',
      'Checks',
      'Server log',
    ]);
  });

  it('build every service the views read', () => {
    const session = new McpSession({
      createTransport: () => {
        throw new Error('never connects');
      },
    });
    const services = createServices(session, FEATURES);
    expect(services.apps.settings).toBeDefined();
    expect(services.serverRequests.queue).toBeDefined();
    expect(services.savedRequests.get().requests).toBeDefined();
  });

  it('have distinct names and tabs', () => {
    const names = FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    const tabs = [...stageEntries(FEATURES), ...sideTabs(FEATURES)].map((entry) => entry.tab);
    expect(new Set(tabs).size).toBe(tabs.length);
  });
});
