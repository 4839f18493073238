import type { CallEntry } from '../../calls/call-history.ts';

/**
 * The called tool in the Result header: its title, and its name in monospace beside it only while the header has
 * room (with a badge at 1280 both would be cut). The name is always the title's tooltip.
 */
export function ResultTitle({ call, roomy }: { call: CallEntry; roomy: boolean }) {
  const titled = call.displayName !== undefined && call.displayName !== call.tool;
  if (!titled) return <span className="truncate font-mono font-normal text-slate-500">{call.tool}</span>;
  return (
    <span className="truncate font-normal text-slate-500" title={`${call.displayName} (${call.tool})`}>
      {call.displayName}
      {roomy && <span className="hidden font-mono @[36rem]:inline"> {call.tool}</span>}
    </span>
  );
}
