import { createRoot } from 'react-dom/client';
import { readRuntimeConfig } from './config/runtime-config';
import { registerConfiguredRemotes } from './remotes/load-remote-module';
import { RemoteView } from './remotes/remote-view';

const config = readRuntimeConfig();
registerConfiguredRemotes(config);
const root = createRoot(document.getElementById('app') as HTMLElement);
root.render(
  <RemoteView
    config={config}
    remote="payments"
    props={{ host: {} as never, open: true, onClose: () => undefined }}
  />,
);
