import type { CallEntry } from '../../calls/call-history.ts';

/**
 * The called tool in the Result header: its title, and its name in monospace beside it only while the header has
 * room (trial 3, finding 11: with a badge at 1280 both were cut). The name is always the title's tooltip. The
 * title's first word never gives way (trial 5, finding 5: "Create order" read "Cr…" beside the previous-connection
 * note): only the rest of it is cut.
 */
export function ResultTitle({ call, roomy }: { call: CallEntry; roomy: boolean }) {
  const titled = call.displayName !== undefined && call.displayName !== call.tool;
  if (!titled)
    return (
      <span className="max-w-[16rem] min-w-0 shrink-0 truncate font-mono font-normal text-slate-500">
        {call.tool}
      </span>
    );
  const [first = '', rest] = splitFirstWord(call.displayName ?? '');
  return (
    <span
      className="flex min-w-0 gap-x-[0.3em] font-normal whitespace-nowrap text-slate-500"
      title={`${call.displayName} (${call.tool})`}
    >
      <span className="max-w-[16rem] shrink-0 truncate">{first}</span>{' '}
      {(rest || roomy) && (
        <span className="min-w-0 truncate">
          {rest}
          {roomy && <span className="hidden font-mono @[36rem]:inline"> {call.tool}</span>}
        </span>
      )}
    </span>
  );
}

/** "Create order" → ["Create", "order"]: the first word and the rest (the gap between them is the header's). */
export function splitFirstWord(text: string): [string, string] {
  const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(text);
  return match ? [match[1]!, match[2]!] : [text, ''];
}
