import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { takeExtractCodeOfAddress } from 'shared-contracts/page';
import { shareCodeOfSharePath, type LinkExtractCode } from '../start-up/link-extract-code';

/**
 * The extract code the link of the share page on screen carried (`?pwd=`), for the share viewer,
 * which tries it once (docs/decisions/0019-extract-code-matching-and-pwd.md). The start-up took the
 * code out of the page's first address (`startUp`); a link with its code opened inside the app (the
 * home page) loses it here, before the screen is painted, in place (no history entry keeps it). The
 * code is handed on while the visitor stays on that share and forgotten once they leave it, so
 * coming back does not try it again.
 */
export function useLinkExtractCode(startUp: LinkExtractCode | null): LinkExtractCode | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [kept, setKept] = useState(startUp);
  const address = `${location.pathname}${location.search}${location.hash}`;
  const state: unknown = location.state;
  const shareCode = shareCodeOfSharePath(location.pathname);
  const inAddress = shareCode ? takeExtractCodeOfAddress(address).code : null;

  useLayoutEffect(() => {
    if (!shareCode) {
      setKept(null);
      return;
    }
    const taken = takeExtractCodeOfAddress(address);
    if (taken.code === null) {
      setKept((code) => (code && code.shareCode !== shareCode ? null : code));
      return;
    }
    // An empty `?pwd=` is removed too, with no code to hand on.
    setKept(taken.code ? { shareCode, code: taken.code } : null);
    navigate(taken.address, { replace: true, state });
  }, [address, shareCode, state, navigate]);

  // On the render before the effect, the code still in the address is already the one to use.
  if (shareCode && inAddress !== null) return inAddress ? { shareCode, code: inAddress } : null;
  return kept && kept.shareCode === shareCode ? kept : null;
}
