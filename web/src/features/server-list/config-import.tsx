import { useState, type ChangeEvent } from 'react';
import { MAX_CONFIG_CHARS, parseServerConfig, type ParsedConfig } from '#shared/server-config.ts';
import { describeTarget, TRANSPORT_LABELS } from '#shared/targets.ts';
import { inputClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import type { ServerListStore } from './server-list-store.ts';

/**
 * Import from a Claude Desktop, Cursor or VS Code config: pick a file or paste its text, see
 * what was found and what could not be used, then add the usable servers to the list.
 */
export function ConfigImport({ store }: { store: ServerListStore }) {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParsedConfig | undefined>();
  const [added, setAdded] = useState<string[]>([]);

  const read = (value: string) => {
    setText(value);
    setParsed(parseServerConfig(value));
    setAdded([]);
  };
  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // Checked before reading: a huge file would otherwise be pulled into memory whole.
    if (file.size > MAX_CONFIG_CHARS * 4) {
      setParsed({ servers: [], problems: [{ message: `${file.name} is too large to be a config file.` }] });
      return;
    }
    read(await file.text());
  };
  const add = () => {
    if (!parsed) return;
    setAdded(store.add(parsed.servers));
    setParsed(undefined);
  };

  return (
    <section aria-labelledby="config-import-title" className="flex flex-col gap-2">
      <h3 id="config-import-title" className="font-semibold">
        Import
      </h3>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Config file
        <input type="file" accept=".json,application/json" onChange={(e) => void pickFile(e)} />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Paste config
        <textarea
          className={`${inputClass} h-24 font-mono text-xs`}
          value={text}
          spellCheck={false}
          placeholder='{"mcpServers": {"name": {"command": "npx", "args": ["…"]}}}'
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div>
        <button type="button" className={secondaryButtonClass} onClick={() => read(text)}>
          Read config
        </button>
      </div>
      {parsed && <ImportPreview parsed={parsed} onAdd={add} />}
      {added.length > 0 && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          Added {added.join(', ')}
        </p>
      )}
    </section>
  );
}

function ImportPreview({ parsed, onAdd }: { parsed: ParsedConfig; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul aria-label="Found servers" className="flex flex-col gap-1">
        {parsed.servers.map(({ name, target }) => (
          <li key={name} className="flex gap-2">
            <span className="font-medium">{name}</span>
            <span className="text-slate-500">{TRANSPORT_LABELS[target.transport]}</span>
            <span className="truncate font-mono text-xs" title={describeTarget(target)}>
              {target.transport === 'stdio' ? describeTarget(target) : target.url}
            </span>
          </li>
        ))}
      </ul>
      {parsed.problems.length > 0 && (
        <ul aria-label="Import problems" className="flex flex-col gap-1 text-red-700 dark:text-red-400">
          {parsed.problems.map((problem, i) => (
            <li key={i}>
              {problem.name !== undefined && <span className="font-medium">{problem.name}: </span>}
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={parsed.servers.length === 0}
          onClick={onAdd}
        >
          Add {parsed.servers.length === 1 ? '1 server' : `${parsed.servers.length} servers`}
        </button>
      </div>
    </div>
  );
}
