import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from /proc (Linux); undefined when it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes as megabytes with one decimal. */
export function formatMb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}
