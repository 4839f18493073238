import { useState } from 'react';
import { useServices } from '../../services.ts';
import { encodePermalink } from '../permalink/permalink.ts';
import { secondaryButtonClass } from '../../ui/field-classes.ts';
import { targetFromForm, type TargetFormState } from './target-form-state.ts';

/** Copies a link to this connection, tool and arguments; secrets (header and env values) are left out. */
export function CopyLinkButton({ form }: { form: TargetFormState }) {
  const { workspace } = useServices();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    const { selectedTool, drafts } = workspace.get();
    const hash = encodePermalink({
      target: targetFromForm(form),
      tool: selectedTool,
      args: selectedTool ? drafts[selectedTool] : undefined,
    });
    const url = `${window.location.origin}${window.location.pathname}${hash}`;
    window.history.replaceState(window.history.state, '', hash);
    void navigator.clipboard?.writeText(url).then(() => setCopied(true));
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        // Wide enough for both labels: a label change must not move Connect and the fields beside it.
        className={`${secondaryButtonClass} w-28 justify-center`}
        onClick={copy}
        title="Link without the access token, header or environment values"
      >
        {copied ? 'Link copied' : 'Copy link'}
      </button>
      {/* Under the button, over the page: says what the link leaves out, and moves nothing. */}
      <span
        role="status"
        className={`absolute top-full right-0 z-30 mt-1 rounded bg-slate-800 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-slate-700 ${copied ? '' : 'hidden'}`}
      >
        {copied ? 'Link copied (without the access token)' : ''}
      </span>
    </span>
  );
}
