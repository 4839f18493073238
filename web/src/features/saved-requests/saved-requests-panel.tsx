import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { groupRequests } from './saved-request.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { SaveRequestForm } from './save-request-form.tsx';
import { SavedRequestRow } from './saved-request-row.tsx';
import { SavedRequestsFileButtons } from './saved-requests-file-buttons.tsx';
import { findTool } from '#client/tools/tool-identity.ts';

/** The "Saved" tab: named requests by group, saving the current tool's arguments, import and export. */
export function SavedRequestsPanel() {
  const { savedRequests, workspace, runner, replay, session } = useServices();
  const requests = useStore(savedRequests, (s) => s.requests);
  const selectedTool = useStore(workspace, (s) => s.selectedTool);
  const listed = useStore(session.state, (s) => findTool(s.tools, selectedTool));
  const [saving, setSaving] = useState(false);

  const saveCurrent = (name: string, group: string) => {
    if (!selectedTool || !listed) return;
    const draft = workspace.get().drafts[selectedTool];
    let args: unknown;
    try {
      args = draft ? JSON.parse(draft) : {};
    } catch {
      // An unfinished draft is kept as typed, so nothing the user wrote is lost.
      args = draft;
    }
    // A task choice made for this tool is kept; without one, "Run" follows the spec's rule then.
    const request = workspace.get().taskRequests[selectedTool];
    const decision = request ? runner.decideTask(listed.tool, request) : undefined;
    savedRequests.add({
      name,
      group,
      server: runner.serverLabel(),
      tool: listed.nameText,
      toolKey: listed.key,
      args,
      ...(decision ? { call: { task: decision.task, taskForced: decision.forced } } : {}),
    });
    setSaving(false);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-2 border-b border-slate-100 p-2 text-xs dark:border-slate-800">
        <div className="flex flex-wrap items-center gap-2">
          {!replay && listed && !saving && (
            <button type="button" className={compactButtonClass} onClick={() => setSaving(true)}>
              Save current request
            </button>
          )}
          <SavedRequestsFileButtons />
        </div>
        {saving && listed && (
          <SaveRequestForm
            defaultName={listed.nameText}
            onSave={saveCurrent}
            onCancel={() => setSaving(false)}
          />
        )}
      </div>
      {requests.length === 0 ? (
        <p className="p-3 text-sm text-slate-500">
          No saved requests yet. Use “Save” on a call in the history.
        </p>
      ) : (
        <ul aria-label="Saved requests" className="min-h-0 flex-1 overflow-y-auto">
          {groupRequests(requests).map(({ group, requests: entries }) => (
            <li key={group} aria-label={group || 'Ungrouped'}>
              <h3 className="bg-slate-50 px-3 py-1 text-xs font-semibold text-slate-600 dark:bg-slate-950 dark:text-slate-400">
                {group || 'Ungrouped'}
              </h3>
              <ul>
                {entries.map((request) => (
                  <SavedRequestRow key={request.id} request={request} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
