import { describe, expect, it } from 'vitest';
import { fileName, MAX_DOWNLOADS, readDownloads } from './view-downloads.ts';

describe('readDownloads (ui/download-file)', () => {
  it('reads embedded text and base64 blobs, and http(s) links', () => {
    const read = readDownloads([
      { type: 'resource', resource: { uri: 'file:///tmp/report.csv', mimeType: 'text/csv', text: 'a,b' } },
      { type: 'resource', resource: { uri: 'ui://app/chart.png', blob: btoa('PNG') } },
      { type: 'resource_link', uri: 'https://example.com/files/data.json', name: 'data' },
    ]);
    expect(read).toMatchObject({
      files: [
        { kind: 'data', name: 'report.csv', mimeType: 'text/csv' },
        { kind: 'data', name: 'chart.png', mimeType: 'application/octet-stream' },
        { kind: 'link', name: 'data.json', url: 'https://example.com/files/data.json' },
      ],
    });
    if (!('files' in read)) throw new Error('refused');
    expect(new TextDecoder().decode((read.files[0] as { bytes: Uint8Array }).bytes)).toBe('a,b');
    expect(new TextDecoder().decode((read.files[1] as { bytes: Uint8Array }).bytes)).toBe('PNG');
  });

  it('refuses what a host must not do: other link schemes, bad base64, junk, too many files', () => {
    expect(readDownloads([{ type: 'resource_link', uri: 'javascript:alert(1)' }])).toEqual({
      refused: 'only http(s) links download: javascript:alert(1)',
    });
    expect(readDownloads([{ type: 'resource', resource: { uri: 'x', blob: '%%%' } }])).toEqual({
      refused: 'the blob of x is not valid base64',
    });
    expect(readDownloads([{ type: 'text', text: 'hi' }])).toHaveProperty('refused');
    expect(readDownloads('nope')).toEqual({ refused: 'it names no file' });
    const many = Array.from({ length: MAX_DOWNLOADS + 1 }, () => ({
      type: 'resource',
      resource: { uri: 'a', text: '' },
    }));
    expect(readDownloads(many)).toHaveProperty('refused');
  });

  it('names files after the URI’s last segment, with no path or hidden-file tricks', () => {
    expect(fileName('https://x.example/a/b/../../etc/passwd?x=1')).toBe('passwd');
    expect(fileName('ui://app/..hidden')).toBe('hidden');
    expect(fileName('ui://app/my report (1).txt')).toBe('my_report_1_.txt');
    expect(fileName('')).toBe('download');
  });
});
