import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';
import { ImportButton } from './import-button.tsx';

// vitest runs in node here (no DOM): these check the markup that names the controls.
describe('Dialog', () => {
  it('is named by its title and has a Close button that closes it', () => {
    const html = renderToString(
      <Dialog title="Recordings" titleExtras={<button type="button">Refresh</button>}>
        <p>body</p>
      </Dialog>,
    );
    const labelledBy = /<dialog aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}" class="text-lg font-semibold">Recordings</h2>`);
    expect(html).toMatch(/<form [^>]*method="dialog"><button [^>]*>Close<\/button><\/form>/);
    expect(html.indexOf('Refresh')).toBeLessThan(html.indexOf('Close'));
    expect(html).toContain('<p>body</p>');
  });

  it('gives each dialog its own title id', () => {
    const html = renderToString(
      <>
        <Dialog title="One">a</Dialog>
        <Dialog title="Two">b</Dialog>
      </>,
    );
    const ids = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('ImportButton', () => {
  it('shows a button and keeps a labelled file input hidden behind it', () => {
    const html = renderToString(
      <ImportButton fileLabel="Session file" onFile={() => {}}>
        Import session
      </ImportButton>,
    );
    expect(html).toMatch(/<button type="button"[^>]*>Import session<\/button>/);
    expect(html).toMatch(
      /<input type="file" accept="application\/json,.json" aria-label="Session file" class="hidden"/,
    );
  });
});
