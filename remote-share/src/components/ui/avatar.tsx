import { useState } from 'react';
import { safeMediaUrl } from '../../lib/safe-url';
import './avatar.css';

/** The sharer's avatar; falls back to the initial of the name. Decorative: the name is beside it. */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const url = safeMediaUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="ns-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {url && failed !== url ? (
        <img src={url} alt="" onError={() => setFailed(url)} />
      ) : (
        <span className="ns-avatar__initial">{initial}</span>
      )}
    </span>
  );
}
