import type { Tool } from '@modelcontextprotocol/client';
import { detectDialect } from '#client/schema/detect-dialect.ts';
import { readAnnotations } from '#client/tools/tool-annotations.ts';
import { JsonBlock, ShowMore } from '../../ui/show-more.tsx';

const headingClass = 'text-xs font-semibold text-slate-600 dark:text-slate-300';

/**
 * What the server declared beyond name and description, on demand: the output schema with the dialect it is
 * read with, `_meta`, `execution`, the icons and the annotations as sent (each hint with its source).
 */
export function ToolDeclaration({ tool, revision }: { tool: Tool; revision: string | undefined }) {
  const record = tool as Record<string, unknown>;
  const output = record.outputSchema;
  const dialect = output === undefined ? undefined : detectDialect(output, revision);
  const annotations = readAnnotations(record.annotations);
  return (
    <ShowMore label="declaration">
      <div className="flex flex-col gap-2 pt-1">
        <section aria-label="Output schema" className="flex flex-col gap-1">
          <h3 className={headingClass}>
            Output schema
            {dialect && <span className="ml-2 font-normal text-slate-500">{dialect.label}</span>}
          </h3>
          {dialect?.problem && (
            <p className="text-xs text-amber-700 dark:text-amber-400">⚠ {dialect.problem}</p>
          )}
          {output === undefined ? (
            <p className="text-xs text-slate-500">None declared.</p>
          ) : (
            <JsonBlock value={output} label="Output schema JSON" />
          )}
        </section>
        <section aria-label="Tool _meta" className="flex flex-col gap-1">
          <h3 className={headingClass}>_meta</h3>
          {record._meta === undefined ? (
            <p className="text-xs text-slate-500">None declared.</p>
          ) : (
            <JsonBlock value={record._meta} label="Tool _meta JSON" />
          )}
        </section>
        {record.execution !== undefined && (
          <section aria-label="Execution" className="flex flex-col gap-1">
            <h3 className={headingClass}>execution</h3>
            <JsonBlock value={record.execution} label="Execution JSON" />
          </section>
        )}
        {record.icons !== undefined && (
          <section aria-label="Icons" className="flex flex-col gap-1">
            <h3 className={headingClass}>icons</h3>
            <JsonBlock value={record.icons} label="Icons JSON" />
          </section>
        )}
        <section aria-label="Annotations" className="flex flex-col gap-1">
          <h3 className={headingClass}>annotations</h3>
          <ul className="text-xs text-slate-600 dark:text-slate-400">
            {annotations.all.map((hint) => (
              <li key={hint.hint}>
                <span className="font-mono">{hint.hint}</span>: {String(hint.value)}{' '}
                {hint.source === 'default' ? '(spec default, not declared)' : '(declared)'} — {hint.meaning}
              </li>
            ))}
          </ul>
          {record.annotations !== undefined && (
            <JsonBlock value={record.annotations} label="Annotations JSON" />
          )}
        </section>
      </div>
    </ShowMore>
  );
}
