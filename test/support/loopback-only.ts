/**
 * Preloaded (`node --import`) into third-party test servers that listen on all interfaces:
 * a listen() given only a port is bound to 127.0.0.1, so tests never open ports to the network.
 */
import net from 'node:net';

const originalListen = net.Server.prototype.listen;
net.Server.prototype.listen = function listen(this: net.Server, ...args: unknown[]) {
  const [first, second] = args;
  const isPort = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
  if (isPort && typeof second !== 'string') args.splice(1, 0, '127.0.0.1');
  return (originalListen as (...a: unknown[]) => net.Server).apply(this, args);
} as typeof net.Server.prototype.listen;
