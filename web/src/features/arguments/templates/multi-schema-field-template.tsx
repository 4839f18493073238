import type { MultiSchemaFieldTemplateProps } from '@rjsf/utils';
import { UnionOptionContext } from './template-contexts.ts';

/** A `oneOf`/`anyOf`: the option chooser above the chosen option's fields, joined by a rule on the left. */
export function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {selector && <div className="max-w-xs">{selector}</div>}
      {optionSchemaField && (
        <div className="min-w-0 border-l-2 border-indigo-200 pl-2 dark:border-indigo-900">
          <UnionOptionContext.Provider value={true}>{optionSchemaField}</UnionOptionContext.Provider>
        </div>
      )}
    </div>
  );
}
