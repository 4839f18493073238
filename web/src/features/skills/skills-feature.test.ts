import { describe, expect, it } from 'vitest';
import type { ServerDetails } from '#client/era/server-details.ts';
import { skillsFeature } from './skills-feature.tsx';

const skillsEntry = skillsFeature.stage!;

const server = (capabilities: Record<string, unknown>): ServerDetails => ({
  info: { name: 's', version: '1' },
  protocolVersion: '2026-07-28',
  capabilities,
});

describe('the Skills tab', () => {
  it('shows only for a server that declares the Skills extension', () => {
    expect(skillsEntry.tab).toBe('Skills');
    expect(
      skillsEntry.shown?.(server({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } })),
    ).toBe(true);
    expect(skillsEntry.shown?.(server({ resources: {} }))).toBe(false);
    expect(skillsEntry.shown?.(undefined)).toBe(false);
  });
});
