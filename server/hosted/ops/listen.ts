import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on `host:port` and answers the port. A failure is one line that names the address and
 * the setting to change (`key`), not the system's error alone: a start that fails says why and
 * exits, with no stack trace after it.
 */
export function listenOn(server: Server, port: number, host: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(listenProblem(error, host, port, key))),
    );
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Why `host:port` cannot be listened on, in the admin's words. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number, key: string): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Cannot start: ${where} is already in use (${key}): stop what listens there, or choose another port`;
    case 'EACCES':
      return `Cannot start: no permission to listen on ${where} (${key}): ports below 1024 need privileges; choose a higher port`;
    case 'EADDRNOTAVAIL':
      return `Cannot start: ${host} is not an address of this machine (${key.replace(/port$/i, 'host')})`;
    default:
      return `Cannot start: cannot listen on ${where} (${key}): ${error.message}`;
  }
}
