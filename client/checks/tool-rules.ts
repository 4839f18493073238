/**
 * Rules about a tool as listed (no call needed): its name, its schemas, its annotations, its task
 * support, its icons and its `x-mcp-header` declarations. Each reuses the reading the page already
 * makes of the same field.
 */
import type { ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import { checkToolHeaders } from '#shared/mcp-param-headers.ts';
import { toolNameProblems } from '../tools/tool-name-rules.ts';
import { validateOutput } from './output-validation.ts';
import { readAnnotations } from '../tools/tool-annotations.ts';
import { before } from '../era/protocol-revisions.ts';
import { TASKS_SINCE } from '../tasks/task-support.ts';
import { MODERN_REVISION } from '../era/modern-rules.ts';
import { nameText } from '../tools/tool-identity.ts';
import type { Finding } from './finding.ts';

/** What the rules know about the connection. */
export interface ServerFacts {
  /** The negotiated revision, e.g. `2026-07-28`. */
  revision: string;
  capabilities: ServerCapabilities;
  /** The transport: `x-mcp-header` only binds HTTP clients. */
  transport: 'stdio' | 'http' | 'sse';
}

/** The subject line of a tool's findings. */
export function toolSubject(name: unknown): string {
  return `tool ${nameText(name)}`;
}

/** Findings about every tool of one listing, and about the listing as a whole (duplicate names). */
export function checkTools(tools: readonly Tool[], facts: ServerFacts): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  for (const tool of tools) {
    findings.push(...checkTool(tool, facts));
    if (typeof tool.name === 'string') seen.set(tool.name, (seen.get(tool.name) ?? 0) + 1);
  }
  for (const [name, count] of seen)
    if (count > 1)
      findings.push({
        level: 'error',
        rule: 'duplicate-name',
        subject: toolSubject(name),
        message: `listed ${count} times: a client cannot tell the tools apart (names must be unique within a server)`,
      });
  return findings;
}

/** Findings about one tool. */
export function checkTool(tool: Tool, facts: ServerFacts): Finding[] {
  const subject = toolSubject(tool.name);
  const findings: Finding[] = [];
  const add = (level: Finding['level'], rule: string, message: string) =>
    findings.push({ level, rule, subject, message });
  for (const problem of toolNameProblems(tool.name, facts.revision))
    add(typeof tool.name === 'string' ? 'warning' : 'error', 'tool-name', problem);
  findings.push(...schemaFindings(tool, facts, subject));
  for (const problem of readAnnotations(tool.annotations).problems)
    add(problem.startsWith('contradictory') ? 'warning' : 'error', 'annotations', problem);
  findings.push(...taskSupportFindings(tool, facts, subject));
  findings.push(...iconFindings((tool as { icons?: unknown }).icons, subject));
  if (!before(facts.revision, MODERN_REVISION)) {
    const headers = checkToolHeaders(tool.inputSchema);
    if (!headers.valid)
      add(
        facts.transport === 'stdio' ? 'warning' : 'error',
        'x-mcp-header',
        `${headers.reason}; HTTP clients must leave this tool out of the listing`,
      );
  }
  return findings;
}

function schemaFindings(tool: Tool, facts: ServerFacts, subject: string): Finding[] {
  const findings: Finding[] = [];
  const input = tool.inputSchema as unknown;
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  if (!isObject)
    findings.push({
      level: 'error',
      rule: 'input-schema',
      subject,
      message: `inputSchema must be a JSON Schema object, got ${JSON.stringify(input) ?? 'nothing'}`,
    });
  else {
    const type = (input as { type?: unknown }).type;
    if (type !== 'object')
      findings.push({
        level: 'error',
        rule: 'input-schema',
        subject,
        message: `inputSchema must have "type": "object", got ${JSON.stringify(type) ?? 'none'}`,
      });
    const compiled = validateOutput(input, {}, facts.revision);
    if (compiled.kind === 'compile-error')
      findings.push({ level: 'error', rule: 'input-schema', subject, message: compiled.message });
  }
  const output = (tool as { outputSchema?: unknown }).outputSchema;
  if (output !== undefined) {
    const compiled = validateOutput(output, {}, facts.revision);
    if (compiled.kind === 'compile-error')
      findings.push({ level: 'error', rule: 'output-schema', subject, message: compiled.message });
  }
  return findings;
}

function taskSupportFindings(tool: Tool, facts: ServerFacts, subject: string): Finding[] {
  const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  if (support === undefined) return [];
  const finding = (level: Finding['level'], message: string): Finding[] => [
    { level, rule: 'task-support', subject, message },
  ];
  if (support !== 'required' && support !== 'optional' && support !== 'forbidden')
    return finding(
      'error',
      `execution.taskSupport is ${JSON.stringify(support)}: must be required, optional or forbidden`,
    );
  if (before(facts.revision, TASKS_SINCE))
    return finding('warning', `execution.taskSupport is set, but tasks do not exist in ${facts.revision}`);
  const tasks = (facts.capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } }).tasks;
  const declared =
    tasks?.requests?.tools?.call !== undefined ||
    Boolean(
      (facts.capabilities as { extensions?: Record<string, unknown> }).extensions?.[
        'io.modelcontextprotocol/tasks'
      ],
    );
  if (support !== 'forbidden' && !declared)
    return finding(
      support === 'required' ? 'error' : 'warning',
      `execution.taskSupport is ${support}, but the server does not declare task support for tools/call` +
        (support === 'required' ? ': no client can call this tool' : ''),
    );
  return [];
}

/** Icon schemes a client may load: anything else is refused (no fetch in the clear, no script). */
const ICON_SCHEMES = new Set(['https:', 'data:']);

function iconFindings(icons: unknown, subject: string): Finding[] {
  if (icons === undefined) return [];
  if (!Array.isArray(icons))
    return [{ level: 'error', rule: 'icons', subject, message: 'icons must be a list' }];
  const findings: Finding[] = [];
  icons.forEach((icon, index) => {
    const src = (icon as { src?: unknown } | null)?.src;
    if (typeof src !== 'string') {
      findings.push({ level: 'error', rule: 'icons', subject, message: `icons[${index}] has no src string` });
      return;
    }
    const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(src)?.[1]?.toLowerCase();
    if (!scheme || !ICON_SCHEMES.has(scheme))
      findings.push({
        level: 'error',
        rule: 'icons',
        subject,
        message: `icons[${index}] uses ${scheme ?? 'no'} scheme (${src.slice(0, 60)}): only https: and data: icons may be loaded`,
      });
  });
  return findings;
}
