import {
  Component,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { RemoteName, RemotePropsByName, RuntimeConfig } from 'shared-contracts';
import { loadRemoteModule } from './load-remote-module';

type LoadState<Props> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<Props> }
  | { status: 'failed' };

interface RemoteViewProps<Name extends RemoteName> {
  config: RuntimeConfig;
  remote: Name;
  props: RemotePropsByName[Name];
  /** What shows while the remote loads (the spec's blank area by default). */
  loading?: ReactNode;
}

/** Loads a remote's module and renders it; a failure shows the fallback with Retry. */
export function RemoteView<Name extends RemoteName>({
  config,
  remote,
  props,
  loading = null,
}: RemoteViewProps<Name>) {
  const [state, setState] = useState<LoadState<RemotePropsByName[Name]>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRemoteModule(config, remote, attempt > 0).then(
      (module) => current && setState({ status: 'ready', Component: module.default }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [config, remote, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const { Component: Loaded } = state;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Loaded {...props} />
    </RemoteErrorBoundary>
  );
}

function RemoteFallback({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="remote-fallback">
      <p>This part of the page could not be loaded.</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface BoundaryProps {
  onRetry(): void;
  children: ReactNode;
}

/** Catches a remote that throws while rendering, so it never blanks the shell. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <RemoteFallback onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
