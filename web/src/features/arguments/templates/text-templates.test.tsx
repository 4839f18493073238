import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldErrorProps } from '@rjsf/utils';
import { FieldErrorTemplate } from './text-templates.tsx';

const render = (errors: string[]) =>
  renderToString(
    <FieldErrorTemplate
      {...({ errors, fieldPathId: { $id: 'args_labels', path: ['labels'] } } as unknown as FieldErrorProps)}
    />,
  );

describe('FieldErrorTemplate', () => {
  it('shows a map entry that has no key yet in grey, not as a red error', () => {
    const html = render(['entry 1 has no key (it is not sent)']);
    expect(html).toContain('entry 1 has no key');
    expect(html).toContain('text-slate-500');
    expect(html).not.toContain('text-red-600');
  });

  it('keeps a real problem red, also when a missing key comes with it', () => {
    const html = render(['entry 1 has no key (it is not sent)', 'must be string']);
    expect(html).toContain('text-red-600');
  });
});
