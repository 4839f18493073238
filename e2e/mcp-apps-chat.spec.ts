import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { lastMessage, startScriptedOpenAi, type ScriptedOpenAi } from '../test/fixtures/scripted-openai.ts';

// The model side of a View: once the Chat has been opened, the probe View's ui/message and
// ui/update-model-context wait for the user beside the View, and reach the (scripted) model only when the user
// says so; the Chat shows what was sent.
const KEY = 'sk-e2e-apps-chat-KEY-41c2';
let endpoint: ScriptedOpenAi;
let cli: CliProcess;

test.beforeAll(async () => {
  endpoint = await startScriptedOpenAi({
    key: KEY,
    models: ['scripted-gpt'],
    script: (body) => {
      const last = lastMessage(body);
      // Asked to show the probe: one call whose arguments stream in small pieces.
      if (last?.role === 'user' && String(last.content).includes('Show the probe'))
        return {
          toolCalls: [{ id: 'call_probe', name: 'probe', arguments: '{"label":"streamed label"}' }],
          chunkSize: 3,
        };
      if (last?.role === 'tool') return { text: 'The probe is shown.' };
      return { text: `Model read: ${String(last?.content).replace(/\s+/g, ' ')}` };
    },
  });
  cli = await startCli(['--', process.execPath, '--import', 'tsx', 'test/fixtures/app-probe-server.ts'], {
    OPENAI_BASE_URL: endpoint.baseUrl,
    OPENAI_API_KEY: KEY,
  });
});

/** How many chat completions the model was asked for. */
const completions = () =>
  endpoint.received.filter((request) => request.path.endsWith('/chat/completions')).length;

test.afterAll(async () => {
  await cli?.stop();
  await endpoint?.close();
});

test('a View’s message and context reach the model only after the user approves them', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  const chatTab = page.getByRole('tab', { name: 'Chat' });
  const toolsTab = page.getByRole('tab', { name: 'Tools', exact: true });
  await chatTab.click();
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('scripted-gpt');
  await toolsTab.click();
  await app.selectTool('probe');
  await app.callTool();
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  await expect(view.getByText('initialize: ok')).toBeVisible();

  await view.getByRole('button', { name: 'Send message' }).click();
  const message = app.result.getByRole('article', { name: 'Message from a View' });
  await expect(message).toContainText('The probe View asks to send the model:');
  await expect(message).toContainText('Hello from the probe');
  expect(completions()).toBe(0);
  await message.getByRole('button', { name: 'Send to the model' }).click();
  await expect(view.getByText('message: ok')).toBeVisible();

  await view.getByRole('button', { name: 'Update context' }).click();
  const context = app.result.getByRole('article', { name: 'Context from a View' });
  await expect(context).toContainText('The probe shows 3 items');
  await expect(view.getByText('context: ok')).toBeVisible();
  await context.getByRole('button', { name: 'Add to next message' }).click();
  await expect(
    app.result.getByRole('status').filter({ hasText: 'View context goes with your next message' }),
  ).toBeVisible();

  await chatTab.click();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('Model read: Hello from the probe');
  await expect(
    page.getByRole('status').filter({ hasText: 'View context goes with your next message' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('What does the View show?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(transcript).toContainText(
    "Model read: [Context from an MCP App's View] The probe shows 3 items What does the View show?",
  );
  await toolsTab.click();
  await expect(view.getByText('initialize: ok')).toBeVisible();

  // A message the user does not send is refused to the View, and never reaches the model.
  const asked = completions();
  await view.getByRole('button', { name: 'Send message' }).click();
  await app.result
    .getByRole('article', { name: 'Message from a View' })
    .getByRole('button', { name: "Don't send" })
    .click();
  await expect(view.getByText('message: refused')).toBeVisible();
  expect(completions()).toBe(asked);
});

test('a model call’s View gets the arguments as the model streamed them, only after the user approved', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('scripted-gpt');
  await page.getByRole('textbox', { name: 'Message' }).fill('Show the probe, please.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(app.approvalDialog).toContainText('streamed label');
  // Nothing of the call reaches a View before the user approves it.
  await expect(page.locator('iframe[title="MCP App View"]')).toHaveCount(0);
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The probe is shown.');
  const view = transcript
    .getByRole('article', { name: 'Model call probe' })
    .frameLocator('iframe[title="MCP App View"]')
    .frameLocator('iframe');
  await expect(view.getByText('tool-input: {"label":"streamed label"}')).toBeVisible();
  const partials = view.getByText(/^partial: /);
  expect(await partials.count()).toBeGreaterThan(1);
  await expect(partials.first()).not.toHaveText('partial: {"label":"streamed label"}');
  await expect(partials.last()).toHaveText('partial: {"label":"streamed label"}');
});
