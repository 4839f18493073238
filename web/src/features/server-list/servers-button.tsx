import { useRef, useState } from 'react';
import { validateTarget, type ServerTarget } from '#shared/targets.ts';
import { useStore } from '../../ui/use-store.ts';
import { nameForTarget, savedServers } from './server-list-store.ts';
import { compactButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ConfigExport } from './config-export.tsx';
import { ConfigImport } from './config-import.tsx';
import { SavedServerItem } from './saved-server-item.tsx';

/**
 * The "Servers" button and its dialog: saved servers, import from other clients' configs, and
 * export. Loading a server fills the connection form; connecting stays the user's click.
 */
export function ServersButton({
  canLoad,
  onLoad,
  current,
}: {
  /** False while connected (the form is locked). */
  canLoad: boolean;
  onLoad: (target: ServerTarget) => void;
  /** The form's target now, for "Save current". */
  current: () => ServerTarget;
}) {
  const store = savedServers();
  const servers = useStore(store, (s) => s.servers);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => dialogRef.current?.close();

  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          dialogRef.current?.showModal();
        }}
      >
        Servers
      </button>
      <Dialog ref={dialogRef} title="Servers" onClose={() => setOpen(false)} className="w-[min(44rem,94vw)]">
        {/* Rendered only while open, so an import half-typed last time starts afresh. */}
        {open && (
          <div className="flex flex-col gap-4">
            <section aria-labelledby="saved-servers-title" className="flex flex-col gap-1">
              <div className="flex items-center justify-between">
                <h3 id="saved-servers-title" className="font-semibold">
                  Saved servers
                </h3>
                <button
                  type="button"
                  className={compactButtonClass}
                  // An empty or broken form would be dropped on the next page load anyway.
                  disabled={validateTarget(current()) !== undefined}
                  onClick={() => {
                    const target = current();
                    store.add([{ name: nameForTarget(target), target }]);
                  }}
                >
                  Save current
                </button>
              </div>
              {servers.length === 0 && (
                <p className="text-sm text-slate-500">None yet: import a config below.</p>
              )}
              {!canLoad && servers.length > 0 && (
                <p className="text-xs text-slate-500">Disconnect to load a saved server into the form.</p>
              )}
              <ul aria-label="Saved servers" className="divide-y divide-slate-200 dark:divide-slate-800">
                {servers.map((server) => (
                  <SavedServerItem
                    key={server.name}
                    server={server}
                    store={store}
                    canLoad={canLoad}
                    onLoad={(chosen) => {
                      onLoad(chosen.target);
                      close();
                    }}
                  />
                ))}
              </ul>
            </section>
            <ConfigImport store={store} />
            {servers.length > 0 && <ConfigExport servers={servers} />}
          </div>
        )}
      </Dialog>
    </>
  );
}
