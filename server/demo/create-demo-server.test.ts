import { inflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from '@modelcontextprotocol/client';
import { CallToolResultSchema } from '@modelcontextprotocol/core';
import { connectDemoClient, type DemoConnection } from '../../test/support/demo-test-client.ts';

const EXPECTED_TOOLS = [
  'echo',
  'add',
  'get_weather',
  'bad_structured_output',
  'generate_image',
  'generate_audio',
  'get_resource_link',
  'embedded_text_resource',
  'embedded_blob_resource',
  'mixed_content',
  'fail_with_tool_error',
  'fail_with_protocol_error',
  'slow_task',
  'create_order',
  'delete_everything',
  'ping_time',
  'toggle_extra_tool',
  'log_message',
  'regional_echo',
  'confirm_deploy',
  'ask_the_client',
  'long_job',
  'cache_hints',
  'weather_card',
];

let demo: DemoConnection;
beforeEach(async () => {
  demo = await connectDemoClient();
});
afterEach(async () => {
  await demo.close();
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await demo.client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('demo server: listing', () => {
  it('identifies itself and lists every tool with titles and annotations', async () => {
    expect(demo.client.getServerVersion()).toMatchObject({ name: 'toolscope-demo', version: '1.0.0' });
    expect(demo.client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true }, logging: {} });
    const { tools } = await demo.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EXPECTED_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_.-]+$/);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.annotations, tool.name).toBeDefined();
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('delete_everything')?.annotations).toMatchObject({
      destructiveHint: true,
      readOnlyHint: false,
    });
    expect(byName.get('bad_structured_output')?.outputSchema).toBeDefined();
  });

  it('advertises a rich input schema for create_order', async () => {
    const { tools } = await demo.client.listTools();
    const schema = JSON.stringify(tools.find((tool) => tool.name === 'create_order')?.inputSchema);
    expect(schema).toContain('"oneOf"');
    expect(schema).toContain('"format":"email"');
    expect(schema).toContain('"format":"date-time"');
    expect(schema).toContain('"additionalProperties":{"type":"string"}');
  });
});

describe('demo server: content types', () => {
  it('echoes text', async () => {
    expect((await call('echo', { message: 'hi' })).content).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('returns structured content with a JSON text mirror', async () => {
    const result = await call('add', { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 5 });
    expect(result.content).toEqual([{ type: 'text', text: '{"sum":5}' }]);
    const weather = await call('get_weather', { city: 'Lisbon', units: 'fahrenheit' });
    expect(weather.structuredContent).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
    });
    expect((await call('get_weather', { city: 'Lisbon', units: 'fahrenheit' })).structuredContent).toEqual(
      weather.structuredContent,
    );
  });

  it('generates a valid PNG of the requested size', async () => {
    const [, image] = (await call('generate_image', { width: 40, height: 20, color: 'green' })).content;
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from((image as { data: string }).data, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([40, 20]);
    const idatLength = png.readUInt32BE(33);
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((40 * 3 + 1) * 20);
  });

  it('generates a WAV tone', async () => {
    const [, audio] = (await call('generate_audio', { frequency: 440 })).content;
    expect(audio).toMatchObject({ type: 'audio', mimeType: 'audio/wav' });
    const wav = Buffer.from((audio as { data: string }).data, 'base64');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.length).toBe(44 + 8000); // 0.5 s × 8 kHz × 2 bytes
  });

  it('links to resources that resources/read can open', async () => {
    const links = (await call('get_resource_link')).content.filter((item) => item.type === 'resource_link');
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(links[0]?.annotations).toMatchObject({ audience: ['user'], priority: 0.9 });
    for (const link of links) {
      const { contents } = await demo.client.readResource({ uri: link.uri });
      expect(contents[0]).toMatchObject({ uri: link.uri, mimeType: link.mimeType });
    }
  });

  it('embeds text and blob resources', async () => {
    const [text] = (await call('embedded_text_resource')).content;
    expect(text).toMatchObject({ type: 'resource', resource: { mimeType: 'text/x-typescript' } });
    expect(text?.type === 'resource' && 'text' in text.resource && text.resource.text).toContain(
      'function greet',
    );
    const [blob] = (await call('embedded_blob_resource')).content;
    expect(blob?.type === 'resource' && 'blob' in blob.resource).toBe(true);
    const bytes = blob?.type === 'resource' && 'blob' in blob.resource ? blob.resource.blob : '';
    expect(Buffer.from(bytes, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('mixes text, image, audio and a resource link', async () => {
    const types = (await call('mixed_content')).content.map((item) => item.type);
    expect(types).toEqual(['text', 'image', 'audio', 'resource_link']);
  });

  it('handles argument-less, destructive-looking and nested-input tools', async () => {
    expect((await call('ping_time')).content[0]).toMatchObject({
      text: expect.stringMatching(/\d{4}-\d\d-\d\dT/),
    });
    expect((await call('delete_everything', { confirm: true })).content[0]).toMatchObject({
      text: expect.stringContaining('Nothing was actually deleted'),
    });
    const order = await call('create_order', {
      customer: { name: 'Ada', email: 'ada@example.com' },
      items: [
        { sku: 'MUG-1', quantity: 2, options: { color: 'red' } },
        { sku: 'TEE-2', quantity: 1 },
      ],
      shipping: { method: 'express', deliverBy: '2030-01-01T10:00:00Z' },
      notes: null,
    });
    expect(order.structuredContent).toMatchObject({
      totalQuantity: 3,
      shippingMethod: 'express',
      priority: 'normal',
    });
    expect((await call('create_order', { customer: { name: 'A', email: 'nope' }, items: [] })).isError).toBe(
      true,
    );
  });
});

describe('demo server: errors', () => {
  it('returns a tool error as an isError result', async () => {
    const result = await call('fail_with_tool_error');
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('tool error') });
  });

  it('rejects fail_with_protocol_error with a JSON-RPC error', async () => {
    const error = await call('fail_with_protocol_error').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
    expect(demo.sentByServer.some((message) => 'error' in message && message.error.code === -32602)).toBe(
      true,
    );
  });

  it('puts schema-violating structured content on the wire', async () => {
    await demo.client.listTools(); // the client only validates against output schemas it has seen listed
    await expect(call('bad_structured_output')).rejects.toThrow(/output schema/);
    const raw = await demo.client.request(
      { method: 'tools/call', params: { name: 'bad_structured_output', arguments: {} } },
      CallToolResultSchema,
    );
    expect(raw.isError).toBeFalsy();
    expect(raw.structuredContent).toMatchObject({ temperature: 'warm-ish' });
  });
});
