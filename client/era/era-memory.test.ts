import { describe, expect, it } from 'vitest';
import { ProtocolError, SdkError } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import { EraMemory, eraIdentity } from './era-memory.ts';
import { serverChanged } from './open-in-era.ts';
import { rememberedVerdict } from './era-negotiation.ts';

const stdio = (args: string[], env?: Record<string, string>, cwd?: string): ServerTarget => ({
  transport: 'stdio',
  command: 'node',
  args,
  ...(env ? { env } : {}),
  ...(cwd ? { cwd } : {}),
});

describe('remembering the era per target', () => {
  it('keys stdio targets by command, arguments and folder, HTTP ones by URL, never by secrets', () => {
    expect(eraIdentity(stdio(['a.js']))).toBe(eraIdentity(stdio(['a.js'], { TOKEN: 'x' })));
    expect(eraIdentity(stdio(['a.js']))).not.toBe(eraIdentity(stdio(['b.js'])));
    expect(eraIdentity(stdio(['a.js'], undefined, '/x'))).not.toBe(eraIdentity(stdio(['a.js'])));
    const http = (headers?: Record<string, string>): ServerTarget => ({
      transport: 'http',
      url: 'http://h/mcp',
      ...(headers ? { headers } : {}),
    });
    expect(eraIdentity(http())).toBe(eraIdentity(http({ Authorization: 'Bearer s' })));
  });

  it('remembers, replaces and forgets a verdict', () => {
    const memory = new EraMemory(null);
    const target = stdio(['a.js']);
    expect(memory.get(target)).toBeUndefined();
    memory.remember(target, 'legacy', '2025-11-25');
    memory.remember(target, 'modern', '2026-07-28');
    expect(memory.get(target)).toMatchObject({ era: 'modern', revision: '2026-07-28' });
    memory.forget(target);
    expect(memory.get(target)).toBeUndefined();
  });

  it('takes an era known without a probe (the built-in demo) until forgotten; a verdict of its own wins', () => {
    const memory = new EraMemory(null);
    const target = stdio(['lib/demo-server.js']);
    memory.know(target, { era: 'modern', revision: '2026-07-28', source: 'built-in demo server' });
    expect(memory.get(target)).toMatchObject({ era: 'modern', knownBy: 'built-in demo server' });
    expect(rememberedVerdict('modern', '2026-07-28', 0, 'built-in demo server')).toEqual({
      outcome: 'built-in demo server: modern era (2026-07-28), known in advance',
      source: 'known',
    });
    memory.forget(target); // "Forget era": the next connect probes
    expect(memory.get(target)).toBeUndefined();
    memory.know(target, { era: 'modern', revision: '2026-07-28', source: 'built-in demo server' });
    memory.remember(target, 'legacy', '2025-11-25');
    expect(memory.get(target)).toMatchObject({ era: 'legacy' });
    expect(memory.get(target)?.knownBy).toBeUndefined();
  });

  it('takes a refusal by the server for a changed server, the bridge’s own errors not', () => {
    expect(serverChanged(new ProtocolError(-32022, 'Unsupported protocol version'))).toBe(true);
    expect(serverChanged(new ProtocolError(-32601, 'Method not found'))).toBe(true);
    expect(serverChanged(new ProtocolError(-32099, 'Bridge: spawn failed'))).toBe(false);
    expect(serverChanged(new Error('exited with code 1'))).toBe(false);
    expect(serverChanged(new SdkError('ERA_NEGOTIATION_FAILED' as never, 'x'))).toBe(true);
  });
});
