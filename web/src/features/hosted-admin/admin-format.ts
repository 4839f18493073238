/** Bytes for people: 512 B, 1.5 KB, 12 MB (powers of 1024, as `du -h` shows them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** How long ago `time` was, roughly: "just now", "5 min", "3 h 10 min", "2 days". */
export function formatSince(time: number, now = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - time) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** What a reload did, in one sentence. */
export function describeReload(answer: {
  ok: boolean;
  applied: string[];
  restart: string[];
  problems?: string[];
  endedUsers?: string[];
  removedServers?: string[];
}): string {
  if (!answer.ok)
    return `The config was refused; the running one stays: ${(answer.problems ?? []).join('; ')}`;
  const parts = [answer.applied.length ? `applied ${answer.applied.join(', ')}` : 'nothing changed'];
  if (answer.restart.length) parts.push(`needs a restart: ${answer.restart.join(', ')}`);
  if (answer.endedUsers?.length) parts.push(`pages ended for ${answer.endedUsers.join(', ')}`);
  if (answer.removedServers?.length) parts.push(`connections ended to ${answer.removedServers.join(', ')}`);
  return `Config reloaded: ${parts.join('; ')}.`;
}
