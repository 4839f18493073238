import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadIcon } from './icon-fetch.ts';
import { MAX_ICON_BYTES, type IconCandidate } from './icon-policy.ts';
import { clearIconCache, resolveIcon } from './resolve-icon.ts';

const https = (src: string, mimeType?: string): IconCandidate => ({ index: 0, src, kind: 'https', mimeType });

function environment(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  return {
    requests,
    env: {
      fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ url: String(input), init: init ?? {} });
        return respond(String(input), init ?? {});
      }) as unknown as typeof fetch,
      createObjectURL: (blob: Blob) => `blob:test/${blob.type}/${blob.size}`,
    },
  };
}

const image = (type: string, bytes = 10) =>
  new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': type } });

describe('loadIcon', () => {
  afterEach(() => clearIconCache());

  it('fetches without credentials, referrer or redirects, and shows the bytes from a blob: URL', async () => {
    const { env, requests } = environment(() => image('image/jpg'));
    expect(await loadIcon(https('https://a.test/i.jpg'), env)).toEqual({
      ok: true,
      url: 'blob:test/image/jpg/10',
    });
    expect(requests[0]!.init).toMatchObject({
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
    });
  });

  it('refuses a redirect, whatever its target', async () => {
    const redirect = Object.defineProperty(new Response(null, { status: 200 }), 'type', {
      value: 'opaqueredirect',
    });
    const { env } = environment(() => redirect);
    expect(await loadIcon(https('https://a.test/r.png'), env)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('redirects'),
    });
  });

  it('refuses what is not a listed image type, unless a generic type meets a declared one', async () => {
    expect(
      await loadIcon(https('https://a.test/x'), environment(() => image('text/html')).env),
    ).toMatchObject({
      ok: false,
      reason: 'served as text/html, not an image type Toolscope shows',
    });
    expect(
      await loadIcon(
        https('https://a.test/x', 'image/png'),
        environment(() => image('application/octet-stream')).env,
      ),
    ).toEqual({ ok: true, url: 'blob:test/image/png/10' });
  });

  it('refuses an icon over the size limit, by its header or while reading', async () => {
    const declared = new Response('x', {
      headers: { 'content-type': 'image/png', 'content-length': String(MAX_ICON_BYTES + 1) },
    });
    expect(await loadIcon(https('https://a.test/big.png'), environment(() => declared).env)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('over the 256 KB limit'),
    });
    expect(
      await loadIcon(
        https('https://a.test/big.png'),
        environment(() => image('image/png', MAX_ICON_BYTES + 1)).env,
      ),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('over the 256 KB limit') });
  });

  it('explains a fetch that fails (CORS or network) and an HTTP error', async () => {
    const failing = environment(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadIcon(https('https://a.test/x.png'), failing.env)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('CORS'),
    });
    const missing = environment(() => new Response('', { status: 404 }));
    expect(await loadIcon(https('https://a.test/x.png'), missing.env)).toMatchObject({
      ok: false,
      reason: 'the host answered HTTP 404',
    });
  });

  it('uses a data: icon as it is, without fetching', async () => {
    const { env, requests } = environment(() => image('image/png'));
    const src = 'data:image/png;base64,AAAA';
    expect(await loadIcon({ index: 0, src, kind: 'data' }, env)).toEqual({ ok: true, url: src });
    expect(requests).toEqual([]);
  });
});

describe('resolveIcon', () => {
  afterEach(() => clearIconCache());

  it('shows the first icon that loads and reports why the others before it did not', async () => {
    const { env, requests } = environment((url) =>
      url.includes('broken') ? new Response('', { status: 500 }) : image('image/png'),
    );
    const icons = [
      { src: 'javascript:x' },
      { src: 'https://a.test/broken.png' },
      { src: 'https://a.test/ok.png' },
    ];
    const resolution = await resolveIcon(icons, { theme: 'light', sizePx: 20 }, env);
    expect(resolution.shown?.candidate.index).toBe(2);
    expect(resolution.refused.map((r) => [r.index, r.reason])).toEqual([
      [0, expect.stringContaining('javascript:')],
      [1, 'the host answered HTTP 500'],
    ]);
    // A second tool with the same icon does not fetch it again.
    await resolveIcon([{ src: 'https://a.test/ok.png' }], { theme: 'light', sizePx: 20 }, env);
    expect(requests.filter((r) => r.url.endsWith('ok.png'))).toHaveLength(1);
  });

  it('fetches at most three https icons per tool', async () => {
    const { env, requests } = environment(() => new Response('', { status: 404 }));
    const icons = Array.from({ length: 6 }, (_, i) => ({ src: `https://a.test/${i}.png` }));
    const resolution = await resolveIcon(icons, { theme: 'light', sizePx: 20 }, env);
    expect(requests).toHaveLength(3);
    expect(resolution.refused.filter((r) => r.reason.startsWith('not tried'))).toHaveLength(3);
  });
});
