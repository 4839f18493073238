/**
 * Tools returning resources: links to registered resources (`resource_link`)
 * and resources embedded in the result (`resource` with text or a blob).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { DEMO_RESOURCES, SAMPLE_PDF_LINES } from '../resources.ts';
import { buildSamplePdf } from '../sample-pdf.ts';

// A fixed timestamp keeps results deterministic (snapshots, tests).
const LAST_MODIFIED = '2025-06-01T12:00:00Z';

const TYPESCRIPT_SNIPPET = `/** Greets someone politely. */
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
`;

/** Registers `get_resource_link`, `embedded_text_resource` and `embedded_blob_resource`. */
export function registerResourceTools(server: McpServer): void {
  server.registerTool(
    'get_resource_link',
    {
      title: 'Get resource links',
      description:
        'Returns resource_link items pointing at resources this server registers; read them with resources/read.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const { readme, sampleJson, helloPdf } = DEMO_RESOURCES;
      const link = (resource: typeof readme | typeof sampleJson | typeof helloPdf) => ({
        type: 'resource_link' as const,
        uri: resource.uri,
        name: resource.name,
        title: resource.title,
        description: resource.description,
        mimeType: resource.mimeType,
      });
      return {
        content: [
          { type: 'text', text: 'Three resources you can open with resources/read:' },
          {
            ...link(readme),
            annotations: { audience: ['user'], priority: 0.9, lastModified: LAST_MODIFIED },
          },
          {
            ...link(sampleJson),
            annotations: { audience: ['assistant'], priority: 0.4, lastModified: LAST_MODIFIED },
          },
          { ...link(helloPdf), annotations: { audience: ['user', 'assistant'], priority: 0.2 } },
        ],
      };
    },
  );

  server.registerTool(
    'embedded_text_resource',
    {
      title: 'Embedded text resource',
      description: 'Returns a TypeScript snippet embedded as a text resource, with content annotations.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'demo://snippets/greet.ts',
            mimeType: 'text/x-typescript',
            text: TYPESCRIPT_SNIPPET,
          },
          annotations: { audience: ['user', 'assistant'], priority: 0.7, lastModified: LAST_MODIFIED },
        },
      ],
    }),
  );

  server.registerTool(
    'embedded_blob_resource',
    {
      title: 'Embedded blob resource',
      description: 'Returns a small PDF generated in code, embedded as a base64 blob resource.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const { helloPdf } = DEMO_RESOURCES;
      return {
        content: [
          {
            type: 'resource',
            resource: {
              uri: helloPdf.uri,
              mimeType: helloPdf.mimeType,
              blob: buildSamplePdf(SAMPLE_PDF_LINES).toString('base64'),
            },
            annotations: { audience: ['user'], priority: 0.5 },
          },
        ],
      };
    },
  );
}
