/**
 * Rules about what a server answered: a tool call's result (structured output against its
 * outputSchema, the back-compat text block, `resultType`) and a list page (`resultType`, cache hints).
 */
import type { Tool } from '@modelcontextprotocol/client';
import { planOutputCheck } from './output-check.ts';
import { validateOutput } from './output-validation.ts';
import { checkTextMirror } from './back-compat.ts';
import { classifyContent } from '../content/content-blocks.ts';
import { before } from '../era/protocol-revisions.ts';
import { MODERN_REVISION } from '../era/modern-rules.ts';
import type { Finding } from './finding.ts';

/** `resultType` values a client knows without extensions, and the tasks extension's. */
const RESULT_TYPES = new Set(['complete', 'input_required', 'task']);

/** Findings about one tool call's result as the server sent it. */
export function checkCallResult(tool: Tool, result: unknown, revision: string, subject: string): Finding[] {
  const findings: Finding[] = [];
  const add = (level: Finding['level'], rule: string, message: string) =>
    findings.push({ level, rule, subject, message });
  if (typeof result !== 'object' || result === null) return findings;
  const record = result as Record<string, unknown>;
  findings.push(...resultTypeFindings(record, revision, subject));
  const plan = planOutputCheck((tool as { outputSchema?: unknown }).outputSchema, result, revision);
  if (plan.kind === 'missing-structured')
    add('error', 'structured-content', 'the tool declares an outputSchema but returned no structuredContent');
  if (plan.kind === 'not-an-object' && before(revision, MODERN_REVISION))
    add('error', 'structured-content', `structuredContent must be an object under ${revision}`);
  if (plan.kind === 'validate') {
    const validation = validateOutput(plan.schema, plan.data, revision);
    if (validation.kind === 'invalid')
      for (const violation of validation.violations.slice(0, 5))
        add(
          'error',
          'structured-content',
          `structuredContent breaks outputSchema: ${violation.path} ${violation.message}`,
        );
  }
  if (record.structuredContent !== undefined && record.isError !== true) {
    const mirror = checkTextMirror(classifyContent(record.content), record.structuredContent);
    if (mirror.kind === 'missing')
      add(
        'warning',
        'text-mirror',
        'structuredContent has no text block with the same JSON (clients without structured output see nothing)',
      );
  }
  return findings;
}

/** Under 2026-07-28 every result has a known `resultType`. */
export function resultTypeFindings(
  result: Record<string, unknown>,
  revision: string,
  subject: string,
): Finding[] {
  if (before(revision, MODERN_REVISION)) return [];
  const type = result.resultType;
  if (type === undefined)
    return [
      {
        level: 'error',
        rule: 'result-type',
        subject,
        message: `the result has no resultType (required in ${MODERN_REVISION})`,
      },
    ];
  if (typeof type !== 'string' || !RESULT_TYPES.has(type))
    return [
      {
        level: 'error',
        rule: 'result-type',
        subject,
        message: `resultType ${JSON.stringify(type)} is not one a client knows`,
      },
    ];
  return [];
}

/** Under 2026-07-28 a list page says how long it stays fresh (`ttlMs`) and who may share it (`cacheScope`). */
export function cacheHintFindings(
  result: Record<string, unknown>,
  revision: string,
  subject: string,
): Finding[] {
  if (before(revision, MODERN_REVISION)) return [];
  const findings: Finding[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined)
    findings.push({
      level: 'warning',
      rule: 'cache-hints',
      subject,
      message: 'no ttlMs: clients must treat the page as stale at once',
    });
  else if (typeof ttlMs !== 'number' || !Number.isSafeInteger(ttlMs) || ttlMs < 0)
    findings.push({
      level: 'error',
      rule: 'cache-hints',
      subject,
      message: `ttlMs ${JSON.stringify(ttlMs)} is not an integer ≥ 0`,
    });
  if (cacheScope === undefined)
    findings.push({
      level: 'info',
      rule: 'cache-hints',
      subject,
      message: 'no cacheScope: clients assume private',
    });
  else if (cacheScope !== 'public' && cacheScope !== 'private')
    findings.push({
      level: 'error',
      rule: 'cache-hints',
      subject,
      message: `cacheScope ${JSON.stringify(cacheScope)} is neither public nor private`,
    });
  return findings;
}

/** The names (or uris) of a listing in order, to compare two listings. */
export function listOrderFindings(
  method: string,
  first: readonly string[],
  second: readonly string[],
  revision: string,
): Finding[] {
  if (first.length === second.length && first.every((key, i) => key === second[i])) return [];
  const sameSet =
    first.length === second.length && [...first].sort().join('\n') === [...second].sort().join('\n');
  const modern = !before(revision, MODERN_REVISION);
  return [
    {
      level: modern ? 'warning' : 'info',
      rule: 'list-order',
      subject: method,
      message: sameSet
        ? 'listed twice, the same items came back in another order (lists should be stably ordered, for caches)'
        : `listed twice, the items differ (${first.length} then ${second.length})`,
    },
  ];
}
