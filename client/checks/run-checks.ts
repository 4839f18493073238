/**
 * The checks of one connected server, shared by `toolscope check` and the page's Checks panel: list
 * every list twice (all pages), call the tools that are safe to call (or all), and turn what came
 * back into findings under the negotiated revision. Runs on the page's own McpSession, so the CLI
 * and the page are one client. Browser-safe: no Node imports.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { McpSession } from '../session/mcp-session.ts';
import type { CallStatus } from '../session/session-types.ts';
import { LooseResultSchema } from '../session/session-requests.ts';
import { wireAnswerOf } from '../session/wire-result.ts';
import { readAnnotations } from '../tools/tool-annotations.ts';
import { nameText } from '../tools/tool-identity.ts';
import { sortFindings, type Finding } from './finding.ts';
import { generateArguments } from './generate-arguments.ts';
import { checkTools, toolSubject, type ServerFacts } from './tool-rules.ts';
import { cacheHintFindings, checkCallResult, listOrderFindings, resultTypeFindings } from './result-rules.ts';
import { checkSkills, type SkillsCheckMode } from './skill-checks.ts';

export type { Finding, FindingLevel } from './finding.ts';
export { countFindings, sortFindings } from './finding.ts';

/** Most pages read of one list (a server whose cursors never end is reported, not followed forever). */
const MAX_PAGES = 100;

/** The list methods checked, with the capability that offers each and the key of its items. */
const LISTS = [
  { method: 'tools/list', capability: 'tools', key: 'tools', id: 'name' },
  { method: 'resources/list', capability: 'resources', key: 'resources', id: 'uri' },
  {
    method: 'resources/templates/list',
    capability: 'resources',
    key: 'resourceTemplates',
    id: 'uriTemplate',
  },
  { method: 'prompts/list', capability: 'prompts', key: 'prompts', id: 'name' },
] as const;

/** Options of one run. */
export interface CheckOptions {
  /** Call every tool, destructive ones too (default: only those annotated read-only or non-destructive). */
  all?: boolean;
  /** Arguments by tool name: one object, or a list of objects for several calls. Named tools are always called. */
  argsByTool?: Record<string, unknown>;
  /** Call only the tools `argsByTool` names, with its arguments (a baseline's calls); none other. */
  onlyNamed?: boolean;
  /** Do not call tools at all (the page's panel before the user asks). */
  noCalls?: boolean;
  /** The Skills extension: load and verify every skill (default), or only list them, reading no file. */
  skills?: SkillsCheckMode;
  /** Per-call timeout in ms (default 30 s). */
  callTimeoutMs?: number;
  /** Makes the calls instead of the session (the page routes them through its approval dialog). */
  call?: (
    name: string,
    args: Record<string, unknown>,
  ) => Promise<{ status: CallStatus; result?: unknown; error?: { code: number; message: string } }>;
  /** Told of each step, for a progress line. */
  onstep?: (text: string) => void;
}

/** One tool call the run made, or did not make and why. */
export interface CallRecord {
  tool: string;
  status: CallStatus | 'skipped';
  /** Why it was skipped, or the error it ended with. */
  detail?: string;
  arguments?: Record<string, unknown>;
}

/** What a run found. */
export interface CheckReport {
  server: { name: string; version: string; protocolVersion: string; era: string };
  /** Items per list (first listing), for lists the server offers. */
  listed: Record<string, number>;
  calls: CallRecord[];
  findings: Finding[];
}

/** Runs the checks on the session's current connection; throws only when it is not connected. */
export async function runChecks(session: McpSession, options: CheckOptions = {}): Promise<CheckReport> {
  const state = session.state.get();
  if (state.status !== 'connected' || !state.server) throw new Error('Not connected');
  const server = state.server;
  const facts: ServerFacts = {
    revision: server.protocolVersion,
    capabilities: server.capabilities,
    transport: state.target?.transport ?? 'stdio',
  };
  const findings: Finding[] = [];
  const listed: Record<string, number> = {};
  let rawTools: Tool[] | undefined;
  for (const list of LISTS) {
    if (!(server.capabilities as Record<string, unknown>)[list.capability]) continue;
    options.onstep?.(`listing ${list.method}`);
    const first = await listAll(session, list.method, list.key, facts.revision, findings);
    if (!first) continue;
    listed[list.method] = first.length;
    if (list.method === 'tools/list') rawTools = first as unknown as Tool[];
    const second = await listAll(session, list.method, list.key, facts.revision, []);
    if (second)
      findings.push(
        ...listOrderFindings(
          list.method,
          first.map((item) => idOf(item, list.id)),
          second.map((item) => idOf(item, list.id)),
          facts.revision,
        ),
      );
  }
  if (rawTools) findings.push(...checkTools(rawTools, facts));
  const skills = await checkSkills(session, {
    mode: options.skills,
    revision: facts.revision,
    onstep: options.onstep,
  });
  if (skills) {
    listed['skills/list'] = skills.listed;
    findings.push(...skills.findings);
  }
  const calls: CallRecord[] = [];
  if (!options.noCalls && server.capabilities.tools) {
    // The tools the session offers (an invalid x-mcp-header tool is set aside on modern HTTP).
    for (const tool of session.state.get().tools) {
      for (const call of plannedCalls(tool, options)) {
        if (call.status === 'skipped') {
          calls.push(call);
          continue;
        }
        options.onstep?.(`calling ${call.tool}`);
        calls.push(await callOne(session, tool, call.arguments ?? {}, facts, findings, options));
      }
    }
  }
  return {
    server: {
      name: server.info.name,
      version: server.info.version,
      protocolVersion: server.protocolVersion,
      era: server.era ?? 'legacy',
    },
    listed,
    calls,
    findings: sortFindings(findings),
  };
}

/** Whether a tool is called without `--all`: it says it is read-only, or that it destroys nothing. */
export function safeToCall(tool: Tool): boolean {
  const hints = readAnnotations(tool.annotations).all;
  const readOnly = hints.find((hint) => hint.hint === 'readOnlyHint')!;
  const destructive = hints.find((hint) => hint.hint === 'destructiveHint')!;
  return (
    (readOnly.source === 'declared' && readOnly.value) ||
    (destructive.source === 'declared' && !destructive.value)
  );
}

/** The calls to make of one tool: the argument file's, else one with generated arguments, else a skip. */
export function plannedCalls(
  tool: Tool,
  options: Pick<CheckOptions, 'all' | 'argsByTool' | 'onlyNamed'>,
): CallRecord[] {
  const name = nameText(tool.name);
  const given =
    options.argsByTool && Object.hasOwn(options.argsByTool, name) ? options.argsByTool[name] : undefined;
  if (given !== undefined) {
    const list = Array.isArray(given) ? given : [given];
    return list.map((args) => ({
      tool: name,
      status: 'ok' as const,
      arguments: (args ?? {}) as Record<string, unknown>,
    }));
  }
  if (options.onlyNamed) return [];
  if (!options.all && !safeToCall(tool))
    return [
      {
        tool: name,
        status: 'skipped',
        detail: 'may be destructive (not annotated read-only or non-destructive); --all calls it',
      },
    ];
  return [{ tool: name, status: 'ok', arguments: generateArguments(tool.inputSchema) }];
}

async function callOne(
  session: McpSession,
  tool: Tool,
  args: Record<string, unknown>,
  facts: ServerFacts,
  findings: Finding[],
  options: CheckOptions,
): Promise<CallRecord> {
  const name = nameText(tool.name);
  const subject = toolSubject(tool.name);
  const outcome = options.call
    ? await options.call(name, args)
    : await session.callTool(name, args, { timeoutMs: options.callTimeoutMs ?? 30_000 });
  const record: CallRecord = { tool: name, status: outcome.status, arguments: args };
  if (outcome.result !== undefined)
    findings.push(...checkCallResult(tool, outcome.result, facts.revision, subject));
  if (outcome.status === 'tool-error') record.detail = firstText(outcome.result);
  if (outcome.error) {
    record.detail = `${outcome.error.code}: ${outcome.error.message}`;
    findings.push({
      level: outcome.status === 'timed-out' ? 'warning' : 'info',
      rule: 'call',
      subject,
      message: `tools/call ended ${outcome.status} (${record.detail}) with arguments ${JSON.stringify(args).slice(0, 200)}`,
    });
  }
  return record;
}

/** Every item of a list, page after page, as sent; findings about each page are added to `findings`. */
async function listAll(
  session: McpSession,
  method: string,
  key: string,
  revision: string,
  findings: Finding[],
): Promise<Record<string, unknown>[] | undefined> {
  const client = session.currentClient;
  if (!client) return undefined;
  const items: Record<string, unknown>[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const from = session.trace.get().frames.length;
    const params = cursor === undefined ? {} : { cursor };
    try {
      await client.request({ method, params } as never, LooseResultSchema);
    } catch (error) {
      findings.push({
        level: 'error',
        rule: 'list',
        subject: method,
        message: `the server declares this list but answered: ${error instanceof Error ? error.message : String(error)}`,
      });
      return page === 0 ? undefined : items;
    }
    const answer = wireAnswerOf(session.trace, from, method, (sent) => sent.cursor === cursor);
    const result = (answer?.result ?? {}) as Record<string, unknown>;
    const subject = page === 0 ? method : `${method} (page ${page + 1})`;
    findings.push(
      ...resultTypeFindings(result, revision, subject),
      ...cacheHintFindings(result, revision, subject),
    );
    const pageItems = result[key];
    if (!Array.isArray(pageItems))
      findings.push({ level: 'error', rule: 'list', subject, message: `the result has no ${key} list` });
    else
      items.push(
        ...pageItems.filter(
          (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
        ),
      );
    const next = result.nextCursor;
    if (next === undefined || next === null) return items;
    if (typeof next !== 'string' || cursors.has(next)) {
      findings.push({
        level: 'error',
        rule: 'list',
        subject,
        message: `nextCursor ${JSON.stringify(next)} is ${typeof next !== 'string' ? 'not a string' : 'one already given'}: listing stopped`,
      });
      return items;
    }
    cursors.add(next);
    cursor = next;
  }
  findings.push({
    level: 'warning',
    rule: 'list',
    subject: method,
    message: `more than ${MAX_PAGES} pages: listing stopped`,
  });
  return items;
}

function idOf(item: Record<string, unknown>, key: string): string {
  return nameText(item[key]);
}

function firstText(result: unknown): string | undefined {
  const content = (result as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return undefined;
  const text = content.find((block) => (block as { type?: unknown })?.type === 'text') as
    { text?: unknown } | undefined;
  return typeof text?.text === 'string' ? text.text.slice(0, 200) : undefined;
}
