import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

// vitest runs in node here (no DOM): the markup shows which panels are in the page.
describe('Tabs', () => {
  it('renders only the active panel, and keeps a keepMounted panel in the page, hidden', () => {
    const html = renderToString(
      <Tabs
        label="Views"
        tabs={[
          { name: 'First', content: <p>first panel</p> },
          { name: 'Kept', content: <p>kept panel</p>, keepMounted: true },
          { name: 'Third', content: <p>third panel</p> },
        ]}
      />,
    );
    expect(html).toContain('first panel');
    expect(html).not.toContain('third panel');
    expect(html).toMatch(/<div[^>]*role="tabpanel"[^>]*hidden=""[^>]*><p>kept panel<\/p>/);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
  });

  it('shows a keepMounted panel that is active in its own, visible panel', () => {
    const html = renderToString(
      <Tabs
        label="Views"
        tabs={[
          { name: 'Kept', content: <p>kept panel</p>, keepMounted: true },
          { name: 'Other', content: <p>other panel</p> },
        ]}
      />,
    );
    expect(html).not.toContain('hidden=""');
    expect(html).not.toContain('other panel');
    expect(html.match(/role="tabpanel"/g)).toHaveLength(1);
  });
});
