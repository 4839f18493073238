import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { everythingOverStdio } from './helpers/serve-toolscope.ts';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { lastMessage, startScriptedOpenAi, type ScriptedOpenAi } from '../test/fixtures/scripted-openai.ts';

const KEY = 'sk-e2e-chat-KEY-7f3a9c1d2e';
let endpoint: ScriptedOpenAi;
let cli: CliProcess;

test.beforeAll(async () => {
  endpoint = await startScriptedOpenAi({
    key: KEY,
    models: ['scripted-gpt', 'scripted-small'],
    script: (body) => {
      const last = lastMessage(body);
      const offered = (body.tools as { function: { name: string } }[]).map((t) => t.function.name);
      // Asked for the weather card (the demo's MCP App tool): one call, then a short answer.
      if (last?.role === 'user' && String(last.content).includes('weather card'))
        return {
          text: 'Here is the card. ',
          toolCalls: [{ id: 'call_card', name: 'weather_card', arguments: '{"city":"Porto"}' }],
        };
      if (last?.role === 'tool' && (last as { tool_call_id?: string }).tool_call_id === 'call_card')
        return { text: 'The card is above.' };
      // The demo server has get_weather; server-everything has get-sum.
      const second = offered.includes('get_weather')
        ? { id: 'call_second', name: 'get_weather', arguments: '{"city":"Lisbon"}' }
        : { id: 'call_second', name: 'get-sum', arguments: '{"a":2,"b":3}' };
      // Both servers have a tool that asks the user for input mid-call: server-everything's (legacy era,
      // an elicitation request within the call) and the demo's (2026-07-28, a multi round-trip call).
      const third = offered.includes('trigger-elicitation-request')
        ? [{ id: 'call_third', name: 'trigger-elicitation-request', arguments: '{}' }]
        : offered.includes('confirm_deploy')
          ? [{ id: 'call_third', name: 'confirm_deploy', arguments: '{"environment":"staging"}' }]
          : [];
      if (last?.role === 'user')
        return {
          text: 'Let me check. ',
          toolCalls: [
            { id: 'call_echo', name: 'echo', arguments: '{"message":"hello from the model"}' },
            second,
            ...third,
          ],
        };
      // The answer quotes what the tools sent back, so the test sees what reached the model.
      const messages = body.messages as { role: string; tool_call_id?: string; content?: string }[];
      const said = (id: string) => messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
      const thirdSaid = third.length ? ` | third: ${said('call_third')}` : '';
      return { text: `Echo said: ${said('call_echo')} | second: ${said('call_second')}${thirdSaid}` };
    },
  });
  cli = await startCli([], { OPENAI_BASE_URL: endpoint.baseUrl, OPENAI_API_KEY: KEY });
});

test.afterAll(async () => {
  await cli?.stop();
  await endpoint?.close();
});

test('an MCP App tool the model calls shows its View in the transcript, in an App tab', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Show me the weather card for Porto.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(app.approvalDialog).toContainText('weather_card');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();

  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The card is above.');
  const item = transcript.getByRole('article', { name: 'Model call weather_card' });
  await expect(item.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  const sandbox = item.locator('iframe[title="MCP App View"]');
  expect(new URL((await sandbox.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin);
  const card = item
    .frameLocator('iframe[title="MCP App View"]')
    .frameLocator('iframe')
    .getByRole('group', { name: 'Weather card' });
  await expect(card).toContainText('Porto');
});

test('a full chat turn against the demo server: one call approved, one denied, the answer streamed', async ({
  page,
}) => {
  // One setup for the turn, its history, the key checks, the share link's replay and the session file.
  test.setTimeout(180_000);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Chat' }).click();
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model).toHaveValue('scripted-gpt');
  await expect(model.getByRole('option')).toHaveText(['scripted-gpt', 'scripted-small']);

  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('What is the weather in Lisbon? Echo something too.');
  await page.getByRole('button', { name: 'Send' }).click();

  const dialog = app.approvalDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('echo');
  await expect(dialog).toContainText('hello from the model');
  await expect(dialog).toContainText('Asked bythe model in Chat');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toContainText('get_weather');
  await expect(dialog).toContainText('Lisbon');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  // A multi round-trip call from the model: its input request is answered in the page, as from the Call button.
  await expect(dialog).toContainText('confirm_deploy');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const elicitation = page
    .getByRole('dialog', { name: 'Server requests' })
    .getByRole('region', { name: 'Elicitation request' });
  await expect(elicitation).toContainText('Deploy 1.2.3 to staging?');
  await elicitation.getByRole('checkbox').first().check();
  await elicitation.getByRole('button', { name: 'Accept' }).click();

  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(
    'Echo said: hello from the model | second: The user denied this tool call.',
  );
  await expect(transcript).toContainText(
    '| third: Pretended to deploy 1.2.3 to staging (state deploy:staging:1.2.3)',
  );
  await expect(transcript).toContainText('Let me check.');
  // The approved call's result is shown inline with the result viewers; the denied one says so.
  await expect(transcript.getByRole('article', { name: 'Model call echo' })).toContainText(
    'hello from the model',
  );
  await expect(transcript.getByRole('article', { name: 'Model call get_weather' })).toContainText(
    'You denied this call',
  );
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  // Both calls are in the history like any other call.
  await page.getByRole('tab', { name: 'History' }).click();
  const rows = page.getByRole('tabpanel').getByRole('listitem');
  await expect(
    rows.filter({ hasText: 'echo' }).filter({ has: page.getByText('model', { exact: true }) }),
  ).toHaveCount(1);
  await expect(
    rows.filter({ hasText: 'get_weather' }).filter({ has: page.getByText('model', { exact: true }) }),
  ).toHaveCount(1);
  await expect(
    rows.filter({ hasText: 'confirm_deploy' }).filter({ has: page.getByText('model', { exact: true }) }),
  ).toContainText('2 requests');

  // The trace marks the approved calls' requests and responses as the model's, each round of the
  // multi round-trip call too (the denied call was never sent).
  await expect(
    app.trace.getByRole('button', { name: /^tools\/call.*, sent, asked by the model, / }),
  ).toHaveCount(3);
  const askedBy = app.trace.getByRole('combobox', { name: 'Asked by' });
  await askedBy.selectOption('model');
  await expect(app.trace.getByRole('button', { name: /, asked by the model, / })).toHaveCount(6);
  // The second of the call's two rounds is the model's too: its request and its answer.
  const secondRound = 2;
  await expect(app.trace.getByText(`request ${secondRound} of 2`)).toHaveCount(2);
  await expect(app.trace.getByRole('button', { name: /^initialize, sent/ })).toHaveCount(0);
  await askedBy.selectOption('');

  // The tool messages the model got: the echo's text and the denial.
  const tools = endpoint.received.filter((r) => r.path === '/v1/chat/completions').slice(-2);
  expect(tools).toHaveLength(2);
  expect(tools[0]!.body.tools).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ function: expect.objectContaining({ name: 'echo' }) }),
    ]),
  );

  // The key reached the provider, and nothing the page, the logs or the recordings hold contains it.
  expect(tools[0]!.authorization).toBe(`Bearer ${KEY}`);
  await page.getByRole('tab', { name: 'Chat' }).click();
  // The provider requests are one click away on the stage, under the transcript.
  await page.getByRole('button', { name: /^Provider requests/ }).click();
  await page.getByText(/^Turn 1/).click();
  await expect(page.getByRole('region', { name: 'Provider requests' })).toContainText('Bearer ••••');
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(stored).not.toContain(KEY);
  expect(await page.content()).not.toContain(KEY);
  expect(cli.output()).not.toContain(KEY);
  for (const file of filesUnder(cli.dataDir)) expect(readFileSync(file).includes(KEY), file).toBe(false);

  // The recording keeps the chat (no key): its share link replays the transcript, read-only.
  await page.getByRole('button', { name: 'Share recording' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share recording' });
  const link = await shareDialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  const shared = `${cli.origin}/api/shared/${link.split('/share/')[1]}`;
  await expect
    .poll(async () => (await page.request.get(shared)).text())
    .toContain('Echo said: hello from the model');
  expect((await (await page.request.get(shared)).body()).includes(KEY)).toBe(false);
  for (const file of filesUnder(cli.dataDir)) expect(readFileSync(file).includes(KEY), file).toBe(false);
  const viewer = await page.context().newPage();
  await viewer.goto(link);
  await viewer.getByRole('tab', { name: 'Chat' }).click();
  const sharedTranscript = viewer.getByRole('log', { name: 'Transcript' });
  await expect(sharedTranscript).toContainText('Echo said: hello from the model | second: The user denied');
  await expect(sharedTranscript.getByRole('article', { name: 'Model call echo' })).toContainText(
    'Sent back to the model: hello from the model',
  );
  await viewer.getByRole('button', { name: /^Provider requests/ }).click();
  await expect(viewer.getByRole('region', { name: 'Provider requests' })).toContainText('Turn 1');
  await expect(viewer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await viewer.close();

  // The chat goes into the session file (no key), and its replay shows the transcript read-only.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('button', { name: 'Export session' }).click();
  const download = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Export session' })
    .getByRole('button', { name: 'Save file' })
    .click();
  const saved = test.info().outputPath('chat-session.json');
  await (await download).saveAs(saved);
  const bytes = readFileSync(saved);
  expect(bytes.includes('Echo said: hello from the model')).toBe(true);
  expect(bytes.includes(KEY)).toBe(false);
  expect(bytes.includes('"origin": "model"') || bytes.includes('"origin":"model"')).toBe(true);
  await page.getByLabel('Session file').setInputFiles(saved);
  await expect(page.getByRole('note', { name: 'Replay' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText(
    'Echo said: hello from the model | second: The user denied this tool call.',
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
});

test('the same turn against server-everything: echo approved, get-sum denied, an elicitation answered', async ({
  page,
}) => {
  // Its own bridge, three approvals and an elicitation: over a minute on a loaded machine.
  test.setTimeout(120_000);
  const everything = await startCli(everythingOverStdio(), {
    OPENAI_BASE_URL: endpoint.baseUrl,
    OPENAI_API_KEY: KEY,
  });
  try {
    const app = new ToolscopePage(page);
    await app.open(everything.url);
    await app.expectConnected();
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('scripted-gpt');
    await page.getByRole('textbox', { name: 'Message' }).fill('Echo, then add 2 and 3.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(app.approvalDialog).toContainText('echo');
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(app.approvalDialog).toContainText('get-sum');
    await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
    // The model's third call asks the user for input mid-call, as from the Call button; the answer
    // reaches the tool, and the tool's result reaches the model.
    await expect(app.approvalDialog).toContainText('trigger-elicitation-request');
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    const form = page.getByRole('dialog', { name: 'Server requests' });
    // The request names no call: the dialog says "during" the model's call, in the trace's words.
    await expect(form).toContainText("during the model's call trigger-elicitation-request");
    await form.getByRole('textbox', { name: /^String\*?$/ }).fill('Ada from chat');
    await form.getByRole('button', { name: 'Accept' }).click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('| second: The user denied this tool call. | third:');
    await expect(transcript).toContainText('Ada from chat');
    await expect(transcript).toContainText('Echo said: Echo: hello from the model');
    // Nothing in a legacy server's elicitation/create names the call: the trace says "during" it, as it
    // arrived while the model's call was the only one in flight.
    await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('elicitation/create');
    await expect(
      app.trace.getByRole('button', {
        name: /^elicitation\/create.*, received, during the model's call trigger-elicitation-request, /,
      }),
    ).toHaveCount(1);
    expect(everything.output()).not.toContain(KEY);
  } finally {
    await everything.stop();
  }
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
