/**
 * Tools returning the basic content block types: text, image, audio, and all
 * of them mixed in one result.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { generatePatternPng, generateSineWav, IMAGE_COLORS } from '../assets.ts';
import { DEMO_RESOURCES } from '../resources.ts';

/** Registers `echo`, `generate_image`, `generate_audio` and `mixed_content`. */
export function registerContentTools(server: McpServer): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the given message unchanged as a single text block.',
      inputSchema: z.object({ message: z.string().describe('Text to send back') }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ message }) => ({ content: [{ type: 'text', text: message }] }),
  );

  server.registerTool(
    'generate_image',
    {
      title: 'Generate image',
      description: 'Draws a colourful gradient-and-rings PNG of the requested size, generated in code.',
      inputSchema: z.object({
        width: z.number().int().min(8).max(512).default(64).describe('Width in pixels'),
        height: z.number().int().min(8).max(512).default(64).describe('Height in pixels'),
        color: z.enum(IMAGE_COLORS).default('rainbow').describe('Colour theme'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ width, height, color }) => ({
      content: [
        { type: 'text', text: `A ${width}×${height} ${color} PNG:` },
        {
          type: 'image',
          data: generatePatternPng(width, height, color).toString('base64'),
          mimeType: 'image/png',
        },
      ],
    }),
  );

  server.registerTool(
    'generate_audio',
    {
      title: 'Generate audio',
      description: 'Synthesises a short sine tone as a WAV file (8 kHz mono, 16-bit).',
      inputSchema: z.object({
        // 4000 Hz is the Nyquist limit of the 8 kHz sample rate.
        frequency: z.number().int().min(50).max(4000).default(440).describe('Tone frequency in Hz'),
        durationMs: z.number().int().min(100).max(3000).default(500).describe('Length in milliseconds'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ frequency, durationMs }) => ({
      content: [
        { type: 'text', text: `${durationMs} ms sine tone at ${frequency} Hz:` },
        {
          type: 'audio',
          data: generateSineWav({ frequency, durationMs }).toString('base64'),
          mimeType: 'audio/wav',
        },
      ],
    }),
  );

  server.registerTool(
    'mixed_content',
    {
      title: 'Mixed content',
      description: 'Returns text, an image, an audio clip and a resource link in a single result.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const { readme } = DEMO_RESOURCES;
      return {
        content: [
          {
            type: 'text',
            text: 'One result, four kinds of content: text, image, audio and a resource link.',
          },
          {
            type: 'image',
            data: generatePatternPng(48, 32, 'blue').toString('base64'),
            mimeType: 'image/png',
          },
          {
            type: 'audio',
            data: generateSineWav({ frequency: 660, durationMs: 300 }).toString('base64'),
            mimeType: 'audio/wav',
          },
          {
            type: 'resource_link',
            uri: readme.uri,
            name: readme.name,
            title: readme.title,
            description: readme.description,
            mimeType: readme.mimeType,
          },
        ],
      };
    },
  );
}
