import { describe, expect, it, vi } from 'vitest';
import { MessageBudget, readViewMessage } from './host/view-message.ts';
import { toolUiOf } from './tool-ui.ts';
import { UiResourceCache, readUiResource, VIEW_MIME_TYPE } from './ui-resource.ts';

describe('readViewMessage: what a View may post', () => {
  it('accepts JSON-RPC 2.0 requests, notifications and responses', () => {
    expect(readViewMessage({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }).ok).toBe(true);
    expect(readViewMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized' }).ok).toBe(true);
    expect(readViewMessage({ jsonrpc: '2.0', id: 1, result: {} }).ok).toBe(true);
    expect(readViewMessage({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }).ok).toBe(true);
  });

  it('rejects malformed messages with a reason', () => {
    const bad = [
      'a string',
      null,
      [1, 2],
      { jsonrpc: '1.0', id: 1, method: 'x' },
      { jsonrpc: '2.0' },
      { jsonrpc: '2.0', id: {}, method: 'x' },
      { jsonrpc: '2.0', id: 1, method: 42 },
    ];
    for (const data of bad) {
      const read = readViewMessage(data);
      expect(read.ok).toBe(false);
      expect(read.ok ? '' : read.reason).not.toBe('');
    }
  });

  it('refuses a View that pretends to be the sandbox proxy', () => {
    const fake = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '' } };
    expect(readViewMessage(fake, 'view').ok).toBe(false);
    expect(readViewMessage(fake, 'proxy').ok).toBe(true);
  });

  it('refuses messages too large to handle', () => {
    const huge = { jsonrpc: '2.0', method: 'x', params: { text: 'a'.repeat(5 * 1024 * 1024) } };
    expect(readViewMessage(huge).ok).toBe(false);
  });
});

describe('MessageBudget: a flooding View is cut off', () => {
  it('lets `limit` messages through per window, then drops until the next window', () => {
    const budget = new MessageBudget(3, 1000);
    expect([1, 2, 3, 4].map(() => budget.take(5000))).toEqual([true, true, true, false]);
    expect(budget.take(5999)).toBe(false);
    expect(budget.take(6000)).toBe(true);
  });
});

describe('toolUiOf: a tool’s View and visibility', () => {
  it('reads the View link and defaults visibility to model and app', () => {
    const ui = toolUiOf({ _meta: { ui: { resourceUri: 'ui://x/app.html' } } });
    expect(ui).toMatchObject({ resourceUri: 'ui://x/app.html', appOnly: false, callableFromView: true });
  });

  it('reads the deprecated flat key, and refuses links that are not ui://', () => {
    expect(toolUiOf({ _meta: { 'ui/resourceUri': 'ui://old' } })).toMatchObject({
      resourceUri: 'ui://old',
      deprecatedKey: true,
    });
    const invalid = toolUiOf({ _meta: { ui: { resourceUri: 'https://evil.example' } } });
    expect(invalid.resourceUri).toBeUndefined();
    expect(invalid.invalidUri).toBe('https://evil.example');
  });

  it('enforces visibility: model-only tools are not callable from a View; app-only tools are marked', () => {
    expect(toolUiOf({ _meta: { ui: { visibility: ['model'] } } }).callableFromView).toBe(false);
    expect(toolUiOf({ _meta: { ui: { visibility: ['app'] } } })).toMatchObject({
      appOnly: true,
      callableFromView: true,
    });
    expect(toolUiOf({ _meta: { ui: { visibility: 'app' } } }).callableFromView).toBe(true);
    expect(toolUiOf({ _meta: { ui: { visibility: [] } } }).callableFromView).toBe(false);
  });
});

describe('UiResourceCache: one read per resource per connection', () => {
  const answer = (uri: string) => ({
    contents: [
      {
        uri,
        mimeType: VIEW_MIME_TYPE,
        text: '<p>hi</p>',
        _meta: { ui: { csp: { connectDomains: ['https://a.example'] } } },
      },
    ],
  });

  it('reads once, shares the answer, and reads again after the connection changes', async () => {
    const read = vi.fn(async (uri: string) => answer(uri));
    const cache = new UiResourceCache(read);
    const [a, b] = await Promise.all([cache.read('ui://v'), cache.read('ui://v')]);
    expect(a).toBe(b);
    expect(read).toHaveBeenCalledTimes(1);
    expect(a).toMatchObject({
      status: 'ok',
      html: '<p>hi</p>',
      csp: { connectDomains: ['https://a.example'] },
    });
    expect(cache.get().get('ui://v')).toBe(a);
    cache.clear();
    expect(cache.get().size).toBe(0);
    await cache.read('ui://v');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads again on reload (one read for reloads at once), and every reader gets the new one', async () => {
    let version = 1;
    const read = vi.fn(async (uri: string) => ({
      contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: `<p>v${version}</p>` }],
    }));
    const cache = new UiResourceCache(read);
    const first = await cache.read('ui://v');
    version = 2;
    const [a, b] = await Promise.all([cache.reload('ui://v'), cache.reload('ui://v')]);
    expect(a).toBe(b);
    expect(read).toHaveBeenCalledTimes(2);
    expect(a).toMatchObject({ status: 'ok', html: '<p>v2</p>' });
    expect(first).toMatchObject({ html: '<p>v1</p>' });
    expect(await cache.read('ui://v')).toBe(a);
    expect(cache.get().get('ui://v')).toBe(a);
  });

  it('keeps a failed read as an error with the server’s message', async () => {
    const cache = new UiResourceCache(async () => {
      throw new Error('Resource not found');
    });
    expect(await cache.read('ui://missing')).toEqual({
      status: 'error',
      uri: 'ui://missing',
      message: 'Resource not found',
    });
  });

  it('decodes a base64 blob and warns about a wrong MIME type', () => {
    const read = readUiResource('ui://b', {
      contents: [{ uri: 'ui://b', mimeType: 'text/html', blob: btoa('<b>blob</b>') }],
    });
    expect(read).toMatchObject({ status: 'ok', html: '<b>blob</b>' });
    expect(read.status === 'ok' && read.warnings[0]).toMatch(/MIME type is text\/html/);
    expect(readUiResource('ui://c', { contents: [] }).status).toBe('error');
  });
});

describe('the extension’s declaration', () => {
  it('declares io.modelcontextprotocol/ui when on (the default), nothing when off, read at each connect', async () => {
    const { AppsSettings, appsExtension, APPS_EXTENSION_ID } = await import('./apps-extension.ts');
    const { Store } = await import('#client/lib/store.ts');
    const settings = new AppsSettings(null);
    const cache = new UiResourceCache(async () => ({ contents: [] }));
    const declared = new Store<{ declared: boolean | undefined }>({ declared: undefined });
    const extension = appsExtension(settings, cache, declared);
    expect(extension.capabilities?.()).toEqual({
      extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } },
    });
    extension.attach({} as never);
    expect(declared.get().declared).toBe(true);
    settings.setEnabled(false);
    expect(extension.capabilities?.()).toEqual({});
  });
});

describe('ViewNotes', () => {
  it('batches a burst into one update, and a flood of logs does not push out a refused request', async () => {
    const { ViewNotes } = await import('./developer/view-notes.ts');
    let run: (() => void) | undefined;
    const notes = new ViewNotes((next) => (run = next));
    let updates = 0;
    notes.subscribe(() => updates++);
    notes.add('refused', 'tools/call secret refused');
    for (let i = 0; i < 1000; i++) notes.add('log', `flood ${i}`);
    run?.();
    expect(updates).toBe(1);
    expect(notes.get().notes).toHaveLength(200);
    expect(notes.get().notes[0]?.kind).toBe('refused');
    expect(notes.get().notes.at(-1)?.summary).toBe('flood 999');
  });
});

describe('recordedResource: a replay shows the View the recording read', () => {
  it('finds the answer to the last resources/read of the URI, and says so when there is none', async () => {
    const { recordedResource } = await import('./recorded-resource.ts');
    const frame = (direction: 'out' | 'in', message: unknown) =>
      ({ seq: 0, time: 0, bytes: 0, direction, message }) as never;
    const frames = [
      frame('out', { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'ui://v' } }),
      frame('in', { jsonrpc: '2.0', id: 3, result: { contents: [] } }),
      frame('in', { jsonrpc: '2.0', id: 4, result: { contents: [{ uri: 'ui://v', text: '<p>v</p>' }] } }),
    ];
    expect(recordedResource(frames, 'ui://v')).toEqual({ contents: [{ uri: 'ui://v', text: '<p>v</p>' }] });
    expect(() => recordedResource(frames, 'ui://other')).toThrow(/holds no read of ui:\/\/other/);
  });
});
