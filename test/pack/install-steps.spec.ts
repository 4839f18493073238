import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/free-port.ts';
import { projectPath } from '../support/start-cli.ts';
import { childEnv, packToolscope, run, startToolscope, tempFolder } from './packed-toolscope.ts';

/*
 * The two ways docs/hosting.md installs a team server, step by step as written there, in plain
 * folders (this machine pulls no container base image): the package under a prefix that
 * deploy/toolscope.service starts, and the steps of the Dockerfile's image stage. Each ends with
 * the process serving /healthz and /readyz, and with no development dependency installed.
 */
test.describe.configure({ mode: 'serial' });

const DEV_ONLY = ['vite', 'vitest', '@playwright/test', 'typescript', 'eslint', 'react'];

/** A hosted config for `folder`, on `port`, with one token user. */
function writeConfig(folder: string, port: number): string {
  const file = path.join(folder, 'team.json');
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      server: { host: '127.0.0.1', port },
      auth: { tokens: [{ user: 'admin', sha256: 'a'.repeat(64) }] },
    }),
  );
  return file;
}

async function expectServing(port: number): Promise<void> {
  for (const probe of ['/healthz', '/readyz']) {
    const answer = await fetch(`http://127.0.0.1:${port}${probe}`);
    expect(answer.status, probe).toBe(200);
  }
}

test('the server install of docs/hosting.md runs what deploy/toolscope.service starts', async () => {
  test.setTimeout(600_000);
  const work = tempFolder('toolscope-install-');
  const env = childEnv(undefined, { npm_config_cache: path.join(work.path, 'npm-cache') });
  try {
    const tarball = packToolscope(env, work.path);
    const prefix = path.join(work.path, 'opt', 'toolscope');
    // The install line of the docs, with the prefix and the tarball of this test.
    const docs = readFileSync(projectPath('docs/hosting.md'), 'utf8');
    const line = /^npm install -g --prefix \/opt\/toolscope .*$/m.exec(docs)?.[0];
    expect(line).toBeDefined();
    const args = line!
      .split(/\s+/)
      .slice(1)
      .map((arg) => (arg === '/opt/toolscope' ? prefix : arg === './toolscope-*.tgz' ? tarball : arg));
    run('npm', args, { cwd: work.path, env, timeoutMs: 300_000 });
    const installed = path.join(prefix, 'lib', 'node_modules', 'toolscope', 'node_modules');
    expect(existsSync(path.join(installed, 'express'))).toBe(true);
    for (const name of DEV_ONLY) expect(existsSync(path.join(installed, name)), name).toBe(false);

    // The unit's ExecStart and Environment, with this test's folders for /opt, /etc and /var/lib.
    const unit = readFileSync(projectPath('deploy/toolscope.service'), 'utf8');
    const port = await freePort();
    const config = writeConfig(work.path, port);
    const here = (value: string) =>
      value
        .replace('/opt/toolscope', prefix)
        .replace('/etc/toolscope/team.json', config)
        .replace('/var/lib/toolscope', path.join(work.path, 'data'));
    const [command, ...execArgs] = here(/^ExecStart=(.*)$/m.exec(unit)![1]!).split(' ');
    const unitEnv = Object.fromEntries(
      [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((match) => [match[1]!, here(match[2]!)]),
    );
    expect(unitEnv).toMatchObject({ TOOLSCOPE_DATA_DIR: path.join(work.path, 'data') });
    const started = await startToolscope(command!, execArgs, work.path, { ...env, ...unitEnv });
    try {
      await expectServing(port);
      expect(existsSync(path.join(work.path, 'data', 'recordings.sqlite'))).toBe(true);
    } finally {
      await started.stop();
    }

    // The unit the docs show is the unit the repository ships.
    const shown = /```ini\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf('## systemd')))![1]!;
    const settings = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => l.trim());
    expect(settings(shown)).toEqual(settings(unit));
  } finally {
    work.remove();
  }
});

/** The Dockerfile's last stage, read as instructions (continuation lines joined). */
function imageStage(): { instruction: string; value: string }[] {
  const text = readFileSync(projectPath('Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
  const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const last = lines.map((l) => l.startsWith('FROM ')).lastIndexOf(true);
  return lines.slice(last + 1).map((l) => {
    const [instruction, ...rest] = l.split(' ');
    return { instruction: instruction!, value: rest.join(' ') };
  });
}

test("the image's steps, in a plain folder: production dependencies only, an unprivileged user, a health check that passes", async () => {
  test.setTimeout(600_000);
  const work = tempFolder('toolscope-image-');
  const env = childEnv(undefined, { npm_config_cache: path.join(work.path, 'npm-cache') });
  try {
    // The build stage: `npm run build` of the sources (what this checkout builds).
    run(process.execPath, ['scripts/build.js', '--if-stale', '--quiet'], {
      cwd: projectPath(),
      env,
      timeoutMs: 300_000,
    });
    const steps = imageStage();
    const root = work.path;
    const image = (inImage: string) => path.join(root, inImage);
    let cwd = root;
    const imageEnv: Record<string, string> = {};
    for (const { instruction, value } of steps) {
      if (instruction === 'WORKDIR') mkdirSync((cwd = image(value)), { recursive: true });
      else if (instruction === 'ENV')
        for (const [, key, val] of value.matchAll(/(\w+)=(\S+)/g)) imageEnv[key!] = val!;
      else if (instruction === 'COPY') {
        const parts = value.split(' ');
        const fromBuild = parts[0] === '--from=build';
        const [source, target] = fromBuild ? [parts[1]!, parts[2]!] : [parts.slice(0, -1), parts.at(-1)!];
        const sources = Array.isArray(source) ? source : [source.replace(/^\/src\//, '')];
        for (const item of sources)
          cpSync(projectPath(item), path.join(cwd, target, target.endsWith('/') ? path.basename(item) : ''), {
            recursive: true,
          });
      } else if (instruction === 'RUN' && value.startsWith('npm ci')) {
        // Run as written: `npm cache clean` cleans this test's own cache (npm_config_cache).
        run('sh', ['-c', value], { cwd, env, timeoutMs: 300_000 });
      } else if (instruction === 'RUN') {
        // Making the user and its folders needs root over the machine: checked, not run.
        expect(value).toMatch(/useradd --system --uid 10001 .*toolscope/);
      }
    }
    const user = steps.find((step) => step.instruction === 'USER')?.value;
    expect(user).toBe('toolscope');
    for (const name of DEV_ONLY) expect(existsSync(path.join(cwd, 'node_modules', name)), name).toBe(false);
    expect(existsSync(path.join(cwd, 'node_modules', 'pg'))).toBe(true);

    // ENTRYPOINT + CMD, with this test's config and data folder for /etc/toolscope and /data.
    const json = (instruction: string) =>
      JSON.parse(steps.find((step) => step.instruction === instruction)!.value) as string[];
    const port = await freePort();
    const config = writeConfig(root, port);
    const inFolder = (arg: string) =>
      arg === '/etc/toolscope/team.json' ? config : arg.startsWith('/opt/') ? image(arg) : arg;
    const [node, ...args] = [...json('ENTRYPOINT'), ...json('CMD')].map(inFolder);
    expect(node).toBe('node');
    const dataDir = image(imageEnv.TOOLSCOPE_DATA_DIR!);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const started = await startToolscope(process.execPath, args, cwd, {
      ...env,
      ...imageEnv,
      TOOLSCOPE_DATA_DIR: dataDir,
    });
    try {
      await expectServing(port);
      // The HEALTHCHECK's own command, aimed at this test's port.
      const health = steps.find((step) => step.instruction === 'HEALTHCHECK')!.value;
      const check = JSON.parse(/CMD (\[.*\])$/.exec(health)![1]!) as string[];
      const probe = spawnSync(
        process.execPath,
        check.slice(1).map((a) => a.replace(':6277/', `:${port}/`)),
        {
          timeout: 30_000,
        },
      );
      expect(probe.status).toBe(0);
    } finally {
      await started.stop();
    }
  } finally {
    work.remove();
  }
});

test('.dockerignore keeps what is built or installed here, secrets and tests out of the build', () => {
  const ignored = readFileSync(projectPath('.dockerignore'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  for (const entry of [
    '.git',
    'node_modules',
    'dist',
    'lib',
    'test',
    'e2e',
    '.env',
    'deploy/.env',
    'deploy/team.json',
  ])
    expect(ignored).toContain(entry);
});
