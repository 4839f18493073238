import type { ServerTarget } from '#shared/targets.ts';

/**
 * A target named in a few words for a status line: a stdio server by its script or program (the last path part,
 * so "/usr/bin/node /x/lib/demo-server.js" reads "demo-server.js"), a remote one by its host and path.
 */
export function shortTargetName(target: ServerTarget): string {
  if (target.transport === 'stdio') {
    const script = target.args.find((arg) => !arg.startsWith('-'));
    return baseName(script ?? target.command) || target.command;
  }
  try {
    const url = new URL(target.url);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return target.url;
  }
}

function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? '';
}
