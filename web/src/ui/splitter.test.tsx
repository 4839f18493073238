import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Splitter } from './splitter.tsx';

// vitest runs in node here (no DOM): these check the markup assistive technology reads.
function render(direction: 'row' | 'column') {
  return renderToString(
    <Splitter
      label="Resize the trace column"
      controls="pane-1"
      geometry={{ direction, resized: 'end' }}
      size={420}
      limits={{ min: 280, max: 700 }}
      thickness={12}
      onResize={() => {}}
      onCommit={() => {}}
    />,
  );
}

describe('Splitter', () => {
  it('is a focusable window splitter whose value is the resized pane’s size', () => {
    const html = render('row');
    expect(html).toContain('role="separator"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('aria-label="Resize the trace column"');
    expect(html).toContain('aria-controls="pane-1"');
    expect(html).toContain('aria-valuenow="420"');
    expect(html).toContain('aria-valuemin="280"');
    expect(html).toContain('aria-valuemax="700"');
  });

  it('lies across the split: vertical between columns, horizontal between stacked panes', () => {
    expect(render('row')).toContain('aria-orientation="vertical"');
    expect(render('column')).toContain('aria-orientation="horizontal"');
  });
});
