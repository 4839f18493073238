import { afterEach, describe, expect, it } from 'vitest';
import type { StdioTarget } from '#shared/targets.ts';
import { sameProcess, SpareProcess, startSpare, stopSpare } from './spare-process.ts';
import { StdioUpstream } from './stdio-upstream.ts';

/** A child that says hello on stderr, then answers each stdin line with it on stdout, until stdin ends. */
const SCRIPT = [
  "process.stderr.write('booted\\n');",
  "process.stdin.on('data', (d) => process.stdout.write(d));",
  "process.stdin.on('end', () => process.exit(0));",
].join('');
const TARGET: StdioTarget = { transport: 'stdio', command: process.execPath, args: ['-e', SCRIPT] };

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` every 20 ms, for at most 10 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const spares: SpareProcess[] = [];
function spare(): SpareProcess {
  const made = new SpareProcess(TARGET, { respawnDelayMs: 0 });
  spares.push(made);
  made.start();
  return made;
}

afterEach(async () => {
  await Promise.all(spares.splice(0).map((s) => s.close()));
  await stopSpare();
});

describe('sameProcess', () => {
  it('compares command, arguments, folder and environment, not the era', () => {
    const base: StdioTarget = { transport: 'stdio', command: 'node', args: ['a.js'], cwd: '/x' };
    expect(sameProcess(base, { ...base, era: 'legacy' })).toBe(true);
    expect(sameProcess({ ...base, env: { A: '1', B: '2' } }, { ...base, env: { B: '2', A: '1' } })).toBe(
      true,
    );
    expect(sameProcess({ ...base, cwd: undefined }, { ...base, cwd: '' })).toBe(true);
    expect(sameProcess({ ...base, env: {} }, base)).toBe(true);
    expect(sameProcess(base, { ...base, args: ['b.js'] })).toBe(false);
    expect(sameProcess(base, { ...base, args: ['a.js', '--x'] })).toBe(false);
    expect(sameProcess(base, { ...base, cwd: '/y' })).toBe(false);
    expect(sameProcess(base, { ...base, env: { A: '1' } })).toBe(false);
    expect(sameProcess(base, { ...base, command: 'bun' })).toBe(false);
  });
});

describe('SpareProcess', () => {
  it('hands its child over once, with what it wrote while waiting, then starts one more', async () => {
    const keeper = spare();
    const first = keeper.pid;
    expect(alive(first)).toBe(true);
    keeper.start(); // never a second one while one waits
    expect(keeper.pid).toBe(first);
    await until(() => keeper.stderrBytes > 0, 'the spare to write');
    const taken = keeper.take({ ...TARGET });
    expect(taken?.child.pid).toBe(first);
    expect(Buffer.concat(taken!.stderr).toString()).toContain('booted');
    expect(keeper.pid).toBeUndefined();
    await until(() => keeper.pid !== undefined, 'the next spare');
    expect(keeper.pid).not.toBe(first);
    taken!.child.stdin!.end();
    await until(() => !alive(first), 'the handed-over child to exit');
  });

  it('keeps its child for another target', () => {
    const keeper = spare();
    const pid = keeper.pid;
    expect(keeper.take({ ...TARGET, args: ['-e', 'setTimeout(() => {}, 1)'] })).toBeUndefined();
    expect(keeper.pid).toBe(pid);
  });

  it('never hands over a child that died while waiting, and spawns a fresh one', async () => {
    const keeper = spare();
    const dead = keeper.pid!;
    process.kill(dead, 'SIGKILL');
    await until(() => keeper.pid === undefined, 'the spare to be seen dead');
    expect(keeper.take(TARGET)).toBeUndefined();
    await until(() => keeper.pid !== undefined, 'a fresh spare');
    expect(keeper.pid).not.toBe(dead);
  });

  it('ends its waiting child on close and spawns no more', async () => {
    const keeper = spare();
    const pid = keeper.pid;
    await keeper.close();
    await until(() => !alive(pid), 'the spare to exit');
    keeper.start();
    expect(keeper.pid).toBeUndefined();
    expect(keeper.take(TARGET)).toBeUndefined();
  });
});

describe('StdioUpstream with a spare', () => {
  it('adopts the spare: its pid in "spawned", its early stderr as events, and it answers', async () => {
    const keeper = startSpare(TARGET, { respawnDelayMs: 60_000 });
    const sparePid = keeper.pid;
    await until(() => keeper.stderrBytes > 0, 'the spare to write');
    const upstream = new StdioUpstream({ ...TARGET });
    const events: string[] = [];
    const lines: string[] = [];
    upstream.onevent = (event) => {
      if (event.kind === 'spawned') events.push(`spawned ${event.pid}`);
      if (event.kind === 'stderr') events.push(`stderr ${event.line}`);
    };
    upstream.onmessage = (_message, text) => lines.push(text);
    await upstream.start();
    expect(upstream.pid).toBe(sparePid);
    await until(() => events.length >= 2, 'the early stderr');
    expect(events).toEqual([`spawned ${sparePid}`, 'stderr booted']);
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await upstream.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, ping);
    await until(() => lines.length === 1, 'the echo');
    expect(lines).toEqual([ping]);
    await upstream.close();
    expect(alive(sparePid)).toBe(false);
  });

  it('spawns its own child when the bridge keeps no spare of that target', async () => {
    startSpare({ ...TARGET, args: ['-e', SCRIPT, 'other'] });
    const upstream = new StdioUpstream(TARGET);
    await upstream.start();
    expect(upstream.pid).toBeDefined();
    await upstream.close();
  });
});
