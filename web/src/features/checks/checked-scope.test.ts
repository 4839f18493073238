import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../checks/run-checks.ts';
import { checkedScope } from './checked-scope.ts';

const report = (fields: Partial<CheckReport>): CheckReport => ({
  server: { name: 'demo', version: '1', protocolVersion: '2026-07-28', era: 'modern' },
  listed: {},
  calls: [],
  findings: [],
  ...fields,
});

describe('checkedScope', () => {
  it('names each list read with its count, the revision, and that no tool was called', () => {
    expect(
      checkedScope(report({ listed: { 'tools/list': 23, 'resources/list': 1, 'prompts/list': 2 } })),
    ).toBe(
      'Checked 23 tools, 1 resource, 2 prompts (each list read twice, every page), under 2026-07-28. Called no tools.',
    );
  });

  it('says when the server offers no list, and counts the calls made (skipped ones are not calls)', () => {
    expect(
      checkedScope(
        report({
          calls: [
            { tool: 'a', status: 'ok' },
            { tool: 'b', status: 'skipped', detail: 'destructive' },
          ],
        }),
      ),
    ).toBe(
      'Checked the server’s answers (it offers no tools, resources or prompts), under 2026-07-28. Called 1 tool.',
    );
  });
});
