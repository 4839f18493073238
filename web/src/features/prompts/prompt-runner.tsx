import { useState } from 'react';
import { useServices } from '../../services.ts';
import { inputClass, secondaryButtonClass } from '../../ui/field-classes.ts';

interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/** Argument fields of one prompt, "Get prompt", and the messages it returned. */
export function PromptRunner({ prompt }: { prompt: Record<string, unknown> }) {
  const { session } = useServices();
  const declared = Array.isArray(prompt.arguments) ? (prompt.arguments as PromptArgument[]) : [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<unknown>();
  const [error, setError] = useState<string>();
  const get = async () => {
    setError(undefined);
    try {
      setResult(await session.getPrompt(String(prompt.name), values));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <section
      aria-label="Prompt"
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-700"
    >
      <p className="font-mono font-semibold">{String(prompt.name)}</p>
      {declared.map((argument) => (
        <label key={argument.name} className="flex flex-col text-xs">
          {String(argument.name)}
          {argument.required ? ' *' : ''}
          <input
            className={inputClass}
            title={typeof argument.description === 'string' ? argument.description : undefined}
            value={values[argument.name] ?? ''}
            onChange={(e) => setValues((old) => ({ ...old, [argument.name]: e.target.value }))}
          />
        </label>
      ))}
      <button type="button" className={secondaryButtonClass} onClick={() => void get()}>
        Get prompt
      </button>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      {result !== undefined && (
        <pre
          aria-label="Prompt messages"
          className="max-h-60 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-950"
        >
          {JSON.stringify(result, null, 2)}
        </pre>
      )}
    </section>
  );
}
