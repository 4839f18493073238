/**
 * Tools returning `structuredContent` described by an `outputSchema`, plus one
 * that deliberately breaks its own schema.
 */
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { registerRawTool } from '../raw-tool-calls.ts';
import { stableHash } from '../stable-hash.ts';

const CONDITIONS = [
  'sunny',
  'partly cloudy',
  'cloudy',
  'light rain',
  'thunderstorms',
  'snow',
  'fog',
] as const;

export const weatherSchema = z.object({
  temperature: z.number().describe('Temperature in the requested units'),
  conditions: z.string().describe('Short description of the sky'),
  humidity: z.number().min(0).max(100).describe('Relative humidity in percent'),
});

/**
 * Spec back-compat: a tool returning structured content should also put the
 * serialised JSON in a text block for clients that ignore structuredContent.
 */
export function structuredResult<T extends Record<string, unknown>>(
  data: T,
): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** Deterministic fake weather for `city`. */
export function fakeWeather(city: string, units: 'celsius' | 'fahrenheit') {
  const hash = stableHash(city.trim().toLowerCase());
  const celsius = (hash % 400) / 10 - 5; // -5.0 … 34.9 °C
  const temperature = units === 'celsius' ? celsius : Math.round(((celsius * 9) / 5) * 10 + 320) / 10;
  return {
    temperature,
    conditions: CONDITIONS[(hash >>> 9) % CONDITIONS.length]!,
    humidity: 20 + ((hash >>> 17) % 76),
  };
}

/** Registers `add`, `get_weather` and `bad_structured_output`. */
export function registerStructuredTools(server: McpServer): void {
  server.registerTool(
    'add',
    {
      title: 'Add two numbers',
      description: 'Adds a and b. Returns the sum as structuredContent ({ sum }) and as JSON text.',
      inputSchema: z.object({
        a: z.number().describe('First addend'),
        b: z.number().describe('Second addend'),
      }),
      outputSchema: z.object({ sum: z.number().describe('a + b') }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ a, b }) => structuredResult({ sum: a + b }),
  );

  server.registerTool(
    'get_weather',
    {
      title: 'Get weather',
      description: 'Current weather for a city. The data is fake but deterministic: same city, same weather.',
      inputSchema: z.object({
        city: z.string().min(1).describe('City name, e.g. "Lisbon"'),
        units: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature units'),
      }),
      outputSchema: weatherSchema,
      // openWorldHint: a real weather tool would talk to an external service.
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ city, units }) => structuredResult(fakeWeather(city, units)),
  );

  // Raw tool: McpServer would catch the violation itself and send an isError
  // result instead, so the bad data would never reach the inspector.
  registerRawTool(
    server,
    'bad_structured_output',
    {
      title: 'Bad structured output',
      description:
        'Declares the get_weather output schema but returns structuredContent that violates it ' +
        '(temperature is a string, humidity is missing, an undeclared field is added).',
      outputSchema: weatherSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const invalid = { temperature: 'warm-ish', conditions: 'sunny', windSpeed: 12 };
      return structuredResult(invalid);
    },
  );
}
