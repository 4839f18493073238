import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArgumentProblems } from './argument-problems.tsx';

describe('ArgumentProblems', () => {
  it('lists a map entry without a key under "Still to fill in", by its map and place', () => {
    const html = renderToString(
      <ArgumentProblems
        status={{
          validationErrors: [
            { path: '/labels', message: 'entry 2 has no key (it is not sent)' },
            { path: '/city', message: 'is required' },
          ],
        }}
      />,
    );
    expect(html).toContain('Still to fill in:');
    expect(html).toContain('labels › key of entry 2, city');
    expect(html).not.toContain('problem');
  });

  it('leaves "Still to fill in" to the Call tool line when that line names every to-do', () => {
    const one = { validationErrors: [{ path: '/message', message: 'is required' }] };
    expect(renderToString(<ArgumentProblems status={one} showMatch={false} />)).toBe('');
    expect(renderToString(<ArgumentProblems status={one} />)).toContain('message</p>');
    const many = {
      validationErrors: [
        { path: '/items/1/sku', message: 'is required' },
        { path: '/items/1/quantity', message: 'is required' },
      ],
    };
    // The line says "items 2 › sku +1 more": the full list stays under the form.
    expect(renderToString(<ArgumentProblems status={many} showMatch={false} />)).toContain(
      'items 2 › sku, items 2 › quantity',
    );
  });
});
