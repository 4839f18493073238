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
});
