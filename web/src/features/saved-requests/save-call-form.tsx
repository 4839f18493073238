import { useServices } from '../../services.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { SaveRequestForm } from './save-request-form.tsx';

/** The name-and-group form of a history row's "Save": keeps that call as a saved request. */
export function SaveCallForm({ call, onDone }: { call: CallEntry; onDone: () => void }) {
  const { savedRequests } = useServices();
  return (
    <SaveRequestForm
      defaultName={call.displayName ?? call.tool}
      onCancel={onDone}
      onSave={(name, group) => {
        savedRequests.add({
          name,
          group,
          server: call.server,
          tool: call.tool,
          args: call.args,
          ...(call.toolKey !== undefined ? { toolKey: call.toolKey } : {}),
          // What the call did about tasks is kept, so "Run" repeats it.
          call: { task: call.task, taskForced: call.taskForced },
        });
        onDone();
      }}
    />
  );
}
