import { useRef } from 'react';
import { useServices } from '../../services.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { useStore } from '../../ui/use-store.ts';
import { oauthView } from './oauth-log.ts';
import { OAuthStepsTable } from './oauth-steps-table.tsx';

/**
 * In a replay (a shared recording, an imported session): the OAuth steps the recording holds, in
 * the same table as the live debugger, read-only (nothing to sign in to, start over or clear).
 * Renders nothing when the recorded connection did not sign in.
 */
export function RecordedOAuthButton() {
  const { session } = useServices();
  const log = useStore(session.state, (s) => s.log);
  const ref = useRef<HTMLDialogElement>(null);
  const view = oauthView(log);
  if (!view.rows.length) return null;
  return (
    <>
      <button
        type="button"
        className={`${compactButtonClass} shrink-0`}
        onClick={() => ref.current?.showModal()}
      >
        OAuth{view.failure ? ' (failed)' : ''}
      </button>
      <Dialog ref={ref} title="OAuth" className="w-[60rem] max-w-[95vw]">
        {view.failure && (
          <p role="alert" className="mb-3 text-red-600 dark:text-red-400">
            {view.failure}
          </p>
        )}
        <OAuthStepsTable rows={view.rows} />
      </Dialog>
    </>
  );
}
