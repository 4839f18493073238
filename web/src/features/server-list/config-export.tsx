import { useState } from 'react';
import {
  CONFIG_FORMAT_LABELS,
  writeServerConfig,
  type ConfigFormat,
  type NamedTarget,
} from '#shared/server-config.ts';
import { inputClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

const ALL = '';

/** Export one saved server or all of them as a Claude Desktop, Cursor or VS Code config. */
export function ConfigExport({ servers }: { servers: readonly NamedTarget[] }) {
  const [format, setFormat] = useState<ConfigFormat>('claude');
  const [which, setWhich] = useState(ALL);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [copied, setCopied] = useState<'Copied' | 'Copy failed' | undefined>();

  const chosen = which === ALL ? servers : servers.filter((s) => s.name === which);
  const text = writeServerConfig(chosen, format, { includeSecrets });
  const download = () => {
    // VS Code reads .vscode/mcp.json; the others name theirs by client.
    const fileName =
      format === 'vscode'
        ? 'mcp.json'
        : format === 'cursor'
          ? 'cursor-mcp.json'
          : 'claude_desktop_config.json';
    saveFile(text, fileName, 'application/json');
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied');
    } catch {
      // No clipboard (plain-http page, or permission refused): the text box above still holds it.
      setCopied('Copy failed');
    }
  };

  return (
    <section aria-labelledby="config-export-title" className="flex flex-col gap-2 text-sm">
      <h3 id="config-export-title" className="font-semibold">
        Export
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          Export format
          <select
            className={`${inputClass} mt-0.5 w-40`}
            value={format}
            onChange={(e) => (setFormat(e.target.value as ConfigFormat), setCopied(undefined))}
          >
            {(Object.keys(CONFIG_FORMAT_LABELS) as ConfigFormat[]).map((key) => (
              <option key={key} value={key}>
                {CONFIG_FORMAT_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          Servers to export
          <select
            className={`${inputClass} mt-0.5 w-40`}
            value={which}
            onChange={(e) => (setWhich(e.target.value), setCopied(undefined))}
          >
            <option value={ALL}>All saved servers</option>
            {servers.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <CheckboxField
          className="gap-1.5 pb-1.5"
          checked={includeSecrets}
          onChange={(e) => (setIncludeSecrets(e.target.checked), setCopied(undefined))}
          label="Include secrets"
        />
      </div>
      <textarea
        aria-label="Exported config"
        readOnly
        className={`${inputClass} h-32 font-mono text-xs`}
        value={text}
      />
      <div className="flex gap-2">
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {copied ?? 'Copy'}
        </button>
      </div>
    </section>
  );
}
