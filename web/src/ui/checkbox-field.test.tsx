import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field.tsx';
import { Disclosure } from './disclosure.tsx';

describe('CheckboxField', () => {
  it('is one label around the box and its text, so the text names the box', () => {
    const html = renderToString(<CheckboxField label="Compare" checked={false} onChange={() => {}} />);
    expect(html).toMatch(
      /^<label class="flex items-center gap-1"><input type="checkbox"[^>]*\/>Compare<\/label>$/,
    );
  });

  it("keeps the caller's own alignment and gap instead of the defaults", () => {
    const html = renderToString(<CheckboxField className="items-start gap-2 text-sm" label="x" readOnly />);
    expect(html).toContain('class="flex items-start gap-2 text-sm"');
  });

  it('puts a hint under the label, inside the label', () => {
    const html = renderToString(
      <CheckboxField label="Include secrets" hint="Left out unless ticked." readOnly />,
    );
    expect(html).toMatch(
      /<label[^>]*><input type="checkbox" class="mt-1"[^>]*\/><span>Include secrets<span[^>]*>Left out unless ticked.<\/span><\/span><\/label>/,
    );
  });
});

describe('Disclosure', () => {
  it("is the browser's details element with its summary first, closed unless asked open", () => {
    expect(renderToString(<Disclosure summary="Why?">because</Disclosure>)).toBe(
      '<details><summary class="cursor-pointer">Why?</summary>because</details>',
    );
    expect(
      renderToString(
        <Disclosure open summary="HTTP">
          rows
        </Disclosure>,
      ),
    ).toContain('<details open="">');
  });
});
