import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ResponseCode, type HostServices, type Product } from 'shared-contracts';
import { appIdFor } from '../plans';

export type ProductsStatus = 'loading' | 'ready' | 'error';

export interface ProductsState {
  products: readonly Product[];
  status: ProductsStatus;
  retry(): void;
}

/**
 * The plans of the sheet: fetched from `/product/list` each time the sheet opens. Until they
 * arrive, the plans the session already holds are shown (they came from the same call).
 */
export function useProducts(host: HostServices, open: boolean): ProductsState {
  const session = useSnapshot(host.session.state);
  const { platform } = useSnapshot(host.platform);
  const [fetched, setFetched] = useState<Product[] | null>(null);
  const [status, setStatus] = useState<ProductsStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setStatus('loading');
    host.api
      .call('/product/list', { app_id: appIdFor(platform) })
      .then((envelope) => {
        if (!current) return;
        if (envelope.code === ResponseCode.Success && Array.isArray(envelope.data?.vip_products)) {
          setFetched(envelope.data.vip_products);
          setStatus('ready');
        } else {
          setStatus('error');
        }
      })
      .catch(() => {
        // The host's API client has shown the transport error already.
        if (current) setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [host, open, platform, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const products = fetched ?? (session.products as readonly Product[]);
  return { products, status: products.length > 0 && status === 'error' ? 'ready' : status, retry };
}
