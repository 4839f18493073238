import { describe, expect, it } from 'vitest';
import type { CheckReport } from '#client/checks/run-checks.ts';
import { checkedScope, noFindingsVerdict } from './checked-scope.ts';

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

describe('noFindingsVerdict', () => {
  it('clears only the lists when no tool was called, and says where results are checked', () => {
    const verdict = noFindingsVerdict(report({ listed: { 'tools/list': 23 } }));
    expect(verdict).toBe(
      'No findings in the lists. No tool was called, so no result was checked (toolscope check calls them).',
    );
    expect(verdict).not.toMatch(/follows the spec/);
  });

  it('counts the results checked when tools were called (a skipped tool is not one)', () => {
    const calls = [
      { tool: 'a', status: 'ok' as const },
      { tool: 'b', status: 'skipped' as const, detail: 'destructive' },
    ];
    expect(noFindingsVerdict(report({ calls }))).toBe(
      'No findings in the lists or in the 1 result of the tools called.',
    );
    expect(noFindingsVerdict(report({ calls: [calls[0]!, calls[0]!] }))).toBe(
      'No findings in the lists or in the 2 results of the tools called.',
    );
  });
});
