/**
 * Static resources of the demo server. `get_resource_link` and
 * `mixed_content` point at these URIs, so `resources/read` must be able to
 * resolve every link the tools hand out.
 */
import type { McpServer, ReadResourceResult } from '@modelcontextprotocol/server';
import { buildSamplePdf } from './sample-pdf.ts';

/** Description of one demo resource, shared by its registration and by links to it. */
export interface DemoResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** Either text or base64 blob content, as `resources/read` returns it. */
  read: () => { text: string } | { blob: string };
}

const README_MARKDOWN = `# Toolscope demo server

This server exists to exercise every corner of an MCP tool inspector:

- **text**, **image**, **audio**, **resource_link** and embedded **resource** content
- \`structuredContent\` with an \`outputSchema\` (and one tool that violates it)
- tool errors (\`isError: true\`) versus JSON-RPC protocol errors
- progress notifications and cancellation (\`slow_task\`)
- logging notifications and stderr output (\`log_message\`)
- a tool list that changes at runtime (\`toggle_extra_tool\`)
`;

const SAMPLE_JSON = {
  generatedBy: 'toolscope-demo',
  cities: [
    { name: 'Lisbon', population: 545_000, coastal: true },
    { name: 'Zurich', population: 421_000, coastal: false },
    { name: 'Osaka', population: 2_750_000, coastal: true },
  ],
};

/** Text shown inside the generated PDF. */
export const SAMPLE_PDF_LINES = ['Hello from toolscope-demo!', 'This PDF was generated in code.'];

/** The demo resources, keyed by a short id used by the tools. */
export const DEMO_RESOURCES = {
  readme: {
    uri: 'demo://docs/readme',
    name: 'readme',
    title: 'Demo server README',
    description: 'What the demo server is for, in Markdown.',
    mimeType: 'text/markdown',
    read: () => ({ text: README_MARKDOWN }),
  },
  sampleJson: {
    uri: 'demo://data/sample.json',
    name: 'sample-json',
    title: 'Sample JSON data',
    description: 'A small JSON document with a few cities.',
    mimeType: 'application/json',
    read: () => ({ text: JSON.stringify(SAMPLE_JSON, null, 2) }),
  },
  helloPdf: {
    uri: 'demo://files/hello.pdf',
    name: 'hello-pdf',
    title: 'Hello PDF',
    description: 'A one-page PDF generated in code (binary, served as a base64 blob).',
    mimeType: 'application/pdf',
    read: () => ({ blob: buildSamplePdf(SAMPLE_PDF_LINES).toString('base64') }),
  },
} satisfies Record<string, DemoResource>;

/** Registers every entry of {@link DEMO_RESOURCES} so `resources/list` and `resources/read` work. */
export function registerDemoResources(server: McpServer): void {
  for (const resource of Object.values(DEMO_RESOURCES) as DemoResource[]) {
    const { uri, name, title, description, mimeType, read } = resource;
    server.registerResource(name, uri, { title, description, mimeType }, (): ReadResourceResult => ({
      contents: [{ uri, mimeType, ...read() }],
    }));
  }
}
