// The server as `npm run soak` runs it: the same entry (server/src/server.ts), in a process that
// can be asked, over its IPC channel, for its memory after a full garbage collection (started
// with --expose-gc). Soak tooling only: nothing of it is in the server.
import '../server/src/server.ts';

process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
