import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatConversation } from './chat-conversation.ts';
import { OwnEndpointField } from './own-endpoint-field.tsx';
import { KeyInput } from './key-input.tsx';

// Server rendering (no DOM here): the markup both key forms get from KeyInput.
describe('KeyInput', () => {
  it('is a password field named by its caption, or by a label when given, with its button and problem', () => {
    const props = { value: '', onChange: () => {}, problem: undefined };
    const pageKey = renderToStaticMarkup(
      createElement(
        'form',
        null,
        createElement(KeyInput, { ...props, caption: 'API key (no key)', action: 'Use key' }),
      ),
    );
    expect(pageKey).toContain('<span class="text-xs text-slate-500">API key (no key)</span>');
    expect(pageKey).toMatch(/<input type="password" autoComplete="off" class="[^"]*" value=""\/>/);
    expect(pageKey).toContain('<button type="submit"');
    expect(pageKey).toContain('>Use key</button>');
    expect(pageKey).not.toContain('role="alert"');

    const refused = renderToStaticMarkup(
      createElement(KeyInput, {
        ...props,
        caption: 'c',
        label: 'Endpoint key',
        action: 'Use',
        problem: 'No.',
      }),
    );
    expect(refused).toContain('aria-label="Endpoint key"');
    expect(refused).toContain('<span role="alert">No.</span>');
  });

  it("keeps the own endpoint form's names: group, URL, key and button", () => {
    const html = renderToStaticMarkup(createElement(OwnEndpointField, { chat: {} as ChatConversation }));
    expect(html).toContain('role="group" aria-label="Your endpoint"');
    expect(html).toContain('aria-label="Endpoint URL"');
    expect(html).toMatch(/<input type="password" aria-label="Endpoint key"/);
    expect(html).toContain('>Use endpoint</button>');
  });
});
