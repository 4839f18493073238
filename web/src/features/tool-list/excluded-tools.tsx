import type { ExcludedTool } from '#client/tools/header-tools.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/**
 * Tools the server listed but a 2026-07-28 HTTP client must not offer (an invalid `x-mcp-header`),
 * named with the reason, so a server developer sees why a tool is missing instead of wondering.
 */
export function ExcludedTools({ excluded }: { excluded: readonly ExcludedTool[] }) {
  if (!excluded.length) return null;
  return (
    <Disclosure
      className="px-3 pb-2 text-xs text-amber-700 dark:text-amber-400"

      summary={
        <>
          ⚠ {excluded.length} {excluded.length === 1 ? 'tool' : 'tools'} set apart: invalid x-mcp-header
        </>
      }
    >
      <ul aria-label="Set apart: invalid x-mcp-header" className="mt-1 flex flex-col gap-1">
        {excluded.map(({ tool, reason }) => (
          <li key={tool.name}>
            <span className="font-mono font-semibold">{tool.name}</span>: {reason}. Not offered: HTTP clients
            of 2026-07-28 must leave such a tool out of the list.
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
