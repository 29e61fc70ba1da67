import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remote that cannot load (server down, 500, network error) must not stall or blank the shell:
 * log it once here and let the loader's promise reject, so the remote's boundary shows its
 * fallback with Retry while the rest of the page keeps working.
 */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'offline-remote-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[remotes] ${id} failed at ${lifecycle}`, error);
      throw error instanceof Error ? error : new Error(String(error));
    },
  };
}
