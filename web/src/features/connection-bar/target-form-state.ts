import { PROTOCOL_REVISIONS } from '#client/era/protocol-revisions.ts';
import {
  joinArgs,
  splitArgs,
  type ProtocolEraChoice,
  type ServerTarget,
  type TransportKind,
} from '#shared/targets.ts';

/** The connection form's fields as the user edits them (all text). */
export interface TargetFormState {
  transport: TransportKind;
  command: string;
  args: string;
  cwd: string;
  /** KEY=value per line. */
  env: string;
  url: string;
  /** Name: value per line. */
  headers: string;
  /** Protocol revision offered in initialize. */
  protocolVersion: string;
  /** The protocol era to speak; kept with the target (saved servers, permalinks). */
  era: ProtocolEraChoice;
}

export function formFromTarget(target: ServerTarget | null | undefined): TargetFormState {
  const empty: TargetFormState = {
    transport: 'stdio',
    command: '',
    args: '',
    cwd: '',
    env: '',
    url: '',
    headers: '',
    protocolVersion: PROTOCOL_REVISIONS[0],
    era: 'auto',
  };
  if (!target) return empty;
  const era = target.era ?? 'auto';

  if (target.transport === 'stdio') {
    return {
      ...empty,
      era,
      command: target.command,
      args: joinArgs(target.args),
      cwd: target.cwd ?? '',
      env: Object.entries(target.env ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    };
  }
  return {
    ...empty,
    era,
    transport: target.transport,
    url: target.url,
    headers: Object.entries(target.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  };
}

export function targetFromForm(form: TargetFormState): ServerTarget {
  // Auto is the default: a target says its era only when it is another.
  const era = form.era === 'auto' ? {} : { era: form.era };
  if (form.transport === 'stdio') {
    return {
      transport: 'stdio',
      command: form.command.trim(),
      args: splitArgs(form.args),
      env: parsePairs(form.env, '='),
      ...(form.cwd.trim() ? { cwd: form.cwd.trim() } : {}),
      ...era,
    };
  }
  return { transport: form.transport, url: form.url.trim(), headers: parsePairs(form.headers, ':'), ...era };
}

function parsePairs(text: string, separator: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(separator);
    if (at <= 0) continue;
    pairs[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return pairs;
}
