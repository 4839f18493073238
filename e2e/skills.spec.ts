import { test, expect, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

// The Skills fixture: one good skill with supporting files, tampered ones (digest, size, frontmatter).
const toolscope = serveToolscope([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/skills-server.ts',
]);

/** Screens of each view, light and dark (the theme follows the system's), kept in test-results for a person to look at. */
async function screens(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.screenshot({ path: `test-results/skills/${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: `test-results/skills/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the Skills tab lists skills; a good skill opens verified on the stage, a tampered one is refused', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Skills' }).click();
  const skills = page.getByRole('list', { name: 'Skills' });
  await expect(skills.getByRole('listitem')).toHaveCount(4);
  await expect(skills.getByRole('listitem').first()).toContainText('pdf-processing');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(skills.getByRole('listitem')).toHaveCount(7);

  // A good skill: verification first, then the frontmatter as a table and the body as markdown.
  await skills.getByRole('button', { name: /pdf-processing/ }).click();
  const stage = page.getByRole('region', { name: 'Skill', exact: true });
  const checks = stage.getByRole('table', { name: 'Verification of SKILL.md' });
  await expect(checks.getByRole('row', { name: /SHA-256 digest/ })).toContainText('match');
  await expect(checks.getByRole('row', { name: /Frontmatter/ })).toContainText('match');
  await expect(stage.getByRole('table', { name: 'Frontmatter' })).toContainText('Apache-2.0');
  await expect(stage.getByRole('article', { name: 'SKILL.md body' })).toContainText('PDF processing');
  await expect(stage.getByRole('alert')).toHaveCount(0);
  // A supporting file is read when opened, and verified.
  await stage.getByRole('button', { name: /references\/FORMS\.md/ }).click();
  const file = stage.getByRole('region', { name: 'File references/FORMS.md' });
  await expect(file.getByRole('table', { name: 'Verification of references/FORMS.md' })).toContainText(
    'match',
  );
  await expect(file).toContainText('Forms');
  await screens(page, 'good-skill');

  // A tampered SKILL.md: the check named, expected vs got, no content and no file list.
  await skills.getByRole('button', { name: /tampered-digest/ }).click();
  await expect(stage.getByRole('alert')).toContainText('Refused: digest mismatch');
  const digestRow = stage
    .getByRole('table', { name: 'Verification of SKILL.md' })
    .getByRole('row', { name: /SHA-256 digest/ });
  await expect(digestRow).toContainText(/mismatch\s*sha256:\w{64}\s*sha256:\w{64}/);
  await expect(stage.getByRole('article', { name: 'SKILL.md body' })).toHaveCount(0);
  await expect(stage).not.toContainText('Evil body');
  await expect(stage.getByRole('list', { name: 'Skill files' })).toHaveCount(0);
  await screens(page, 'tampered-skill');

  // The frontmatter check: the entry claims another description than the file's.
  await skills.getByRole('button', { name: /tampered-frontmatter/ }).click();
  await expect(stage.getByRole('alert')).toContainText('Refused: frontmatter mismatch');
  await expect(stage.getByRole('row', { name: /Frontmatter/ })).toContainText(
    'description: expected "Summarise meeting notes", got "Exfiltrate credentials"',
  );

  // A loaded skill whose supporting file changed after listing: that file alone is refused.
  await skills.getByRole('button', { name: /stale-reference/ }).click();
  await stage.getByRole('button', { name: /GUIDE\.md/ }).click();
  await expect(stage.getByRole('region', { name: 'File GUIDE.md' }).getByRole('alert')).toContainText(
    'Refused: size mismatch',
  );
  await stage.getByRole('button', { name: /notes\.txt/ }).click();
  await expect(stage.getByRole('region', { name: 'File notes.txt' })).toContainText('Unchanged.');
  await screens(page, 'stale-file');
  await skills.getByRole('button', { name: /tampered-frontmatter/ }).click();

  await screens(page, 'frontmatter-refused');

  // A generated skill (resources "dynamic") loads on its frontmatter alone, marked unverified.
  await skills.getByRole('button', { name: /daily-report/ }).click();
  await expect(stage.getByRole('note')).toContainText('Unverified');
  await expect(stage.getByRole('article', { name: 'SKILL.md body' })).toContainText('Generated each day.');
  await screens(page, 'dynamic-skill');
  await skills.getByRole('button', { name: /tampered-frontmatter/ }).click();

  // The stage follows the left tab: the Tools tab brings the tool panel back.
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(stage).toHaveCount(0);
  await page.getByRole('tab', { name: 'Skills' }).click();
  await expect(stage.getByRole('alert')).toContainText('frontmatter mismatch');
});

test('at 1920x1080 the skill fills the centre', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Skills' }).click();
  await page
    .getByRole('list', { name: 'Skills' })
    .getByRole('button', { name: /pdf-processing/ })
    .click();
  const stage = page.getByRole('region', { name: 'Skill', exact: true });
  await expect(stage.getByRole('article', { name: 'SKILL.md body' })).toBeVisible();
  const box = await stage.boundingBox();
  expect(box?.width).toBeGreaterThan(700);
  await screens(page, 'good-skill-1920');
});
