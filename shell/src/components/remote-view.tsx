import {
  Component,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { HostConfig, RemoteName, RemotePropsByName, SiteLanguage } from 'shared-contracts';
import { shellTexts } from '../lib/i18n/shell-texts';
import { loadRemoteModule } from '../lib/remotes/load-remote-module';
import { recordFieldError } from '../services/field-data/field-recorder';
import type { PageRemote } from '../lib/remotes/page-remote';
import './remote-view.css';

type LoadState<Props> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<Props> }
  | { status: 'failed' };

interface RemoteViewProps<Name extends RemoteName> {
  config: HostConfig;
  /** The page's language: the remote prepares its texts in it, the fallback speaks it. */
  language: SiteLanguage;
  remote: Name;
  props: RemotePropsByName[Name];
  /** What shows while the remote loads (the product's blank area by default). */
  loading?: ReactNode;
  /** Replaces the default fallback (e.g. an overlay remote shows it only while open). */
  renderFallback?: (retry: () => void) => ReactNode;
  /** The page's remote, loading since the entry chunk: once loaded it renders at once. */
  pageRemote?: PageRemote | undefined;
}

/**
 * Loads a remote's module, waits for its texts in the page's language (its `prepare`) and renders
 * it; a failure of either shows the fallback with Retry.
 */
export function RemoteView<Name extends RemoteName>({
  config,
  language,
  remote,
  props,
  loading = null,
  renderFallback,
  pageRemote,
}: RemoteViewProps<Name>) {
  const [state, setState] = useState<LoadState<RemotePropsByName[Name]>>(() => {
    const loaded = pageRemote?.loaded[remote]?.();
    return loaded ? { status: 'ready', Component: loaded.default } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const early = attempt === 0 ? pageRemote?.loaded[remote]?.() : null;
    if (early) {
      // Loaded by the entry chunk (before the first render, or since): no second load.
      setState((shown) =>
        shown.status === 'ready' ? shown : { status: 'ready', Component: early.default },
      );
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadRemoteModule(config, remote, { language, retry: attempt > 0 }).then(
      (module) => current && setState({ status: 'ready', Component: module.default }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [config, remote, language, attempt, pageRemote]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'failed') {
    return renderFallback ? (
      <>{renderFallback(retry)}</>
    ) : (
      <RemoteFallback language={language} onRetry={retry} />
    );
  }
  const { Component: Loaded } = state;
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      onRetry={retry}
      renderFallback={
        renderFallback ?? ((again) => <RemoteFallback language={language} onRetry={again} />)
      }
    >
      <Loaded {...props} />
    </RemoteErrorBoundary>
  );
}

export function RemoteFallback({ language, onRetry }: { language: SiteLanguage; onRetry(): void }) {
  const t = shellTexts(language);
  return (
    <div role="alert" className="remote-fallback">
      <p className="remote-fallback__text">{t('remoteFailed')}</p>
      <button type="button" className="remote-fallback__retry" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry(): void;
  renderFallback(retry: () => void): ReactNode;
  children: ReactNode;
}

/** Catches a remote that throws while rendering, so it never blanks the shell. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    recordFieldError(this.props.remote, 'render', error);
  }

  override render() {
    if (this.state.failed) {
      const { renderFallback, onRetry } = this.props;
      return renderFallback(onRetry);
    }
    return this.props.children;
  }
}
