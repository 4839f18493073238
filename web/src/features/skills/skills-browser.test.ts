import { describe, expect, it } from 'vitest';
import { inMemorySession, IN_MEMORY_TARGET } from '../../../../test/support/in-memory-session.ts';
import { skillsServerFactory } from '../../../../test/fixtures/skills-fixture.ts';
import { SkillsBrowser, createSkillsBrowser } from './skills-browser.ts';

/** Resolves once `done` holds of the browser's state. */
function until(browser: SkillsBrowser, done: (state: ReturnType<SkillsBrowser['state']['get']>) => boolean) {
  return new Promise<void>((resolve) => {
    if (done(browser.state.get())) return resolve();
    const stop = browser.state.subscribe(() => {
      if (!done(browser.state.get())) return;
      stop();
      resolve();
    });
  });
}

async function connected() {
  const reads: string[] = [];
  const session = inMemorySession(await skillsServerFactory({ reads, pageSize: 4 }));
  const browser = createSkillsBrowser(session);
  await session.connect({ ...IN_MEMORY_TARGET, era: 'legacy' });
  return { session, browser, reads };
}

describe('SkillsBrowser', () => {
  it('lists nothing until asked, then page by page, reading no file', async () => {
    const { session, browser, reads } = await connected();
    expect(browser.state.get()).toMatchObject({ declared: true, listed: false, entries: [] });
    browser.ensureListed();
    await until(browser, (state) => state.listed && !state.listing);
    expect(browser.state.get().entries).toHaveLength(4);
    expect(browser.state.get().nextCursor).toBe('4');
    browser.loadMore();
    await until(browser, (state) => state.entries.length === 7);
    expect(browser.state.get().nextCursor).toBeUndefined();
    expect(reads).toEqual([]);
    await session.disconnect();
  });

  it('loads a skill once; a tampered one is refused and nothing else of it read', async () => {
    const { session, browser, reads } = await connected();
    browser.ensureListed();
    await until(browser, (state) => state.entries.length === 4);
    browser.ensureLoaded('skill://tampered-digest/SKILL.md');
    await until(browser, (state) => state.loads['skill://tampered-digest/SKILL.md']?.status === 'refused');
    // Files of a refused skill cannot be opened.
    browser.openFile('skill://tampered-digest/SKILL.md', 'skill://tampered-digest/references/NOTES.md');
    expect(reads).toEqual(['skill://tampered-digest/SKILL.md']);

    browser.ensureLoaded('skill://pdf-processing/SKILL.md');
    await until(browser, (state) => state.loads['skill://pdf-processing/SKILL.md']?.status === 'loaded');
    browser.ensureLoaded('skill://pdf-processing/SKILL.md');
    browser.openFile('skill://pdf-processing/SKILL.md', 'skill://pdf-processing/references/FORMS.md');
    await until(
      browser,
      (state) => state.files['skill://pdf-processing/references/FORMS.md']?.status === 'read',
    );
    expect(browser.state.get().openFile['skill://pdf-processing/SKILL.md']).toBe(
      'skill://pdf-processing/references/FORMS.md',
    );
    expect(reads).toEqual([
      'skill://tampered-digest/SKILL.md',
      'skill://pdf-processing/SKILL.md',
      'skill://pdf-processing/references/FORMS.md',
    ]);
    await session.disconnect();
  });

  it('forgets the listing and every load when the connection changes', async () => {
    const { session, browser } = await connected();
    browser.ensureListed();
    await until(browser, (state) => state.entries.length === 4);
    browser.ensureLoaded('skill://pdf-processing/SKILL.md');
    await until(browser, (state) => state.loads['skill://pdf-processing/SKILL.md']?.status === 'loaded');
    await session.connect({ ...IN_MEMORY_TARGET, era: 'legacy' });
    expect(browser.state.get()).toMatchObject({ listed: false, entries: [], loads: {} });
    await session.disconnect();
  });
});
