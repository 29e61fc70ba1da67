import type { RemoteLocation } from 'shared-contracts';
import { chooseRelease, RELEASE_BUCKET_KEY, visitorBucket } from './release-track';

const stable: RemoteLocation = {
  name: 'remote_payments',
  manifestUrl: '/remotes/payments/mf-manifest.json',
};
const withCanary: RemoteLocation = {
  ...stable,
  canary: {
    id: 7,
    manifestUrl: 'https://cdn.example.com/2.0.0/mf-manifest.json',
    release: '2.0.0',
    percent: 25,
  },
};

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('the release a visitor gets', () => {
  it('is stable without a canary', () => {
    expect(chooseRelease(stable, 3)).toEqual({ manifestUrl: stable.manifestUrl, track: 'stable' });
  });

  it('is the canary for visitors whose number is under its percent, stable for the others', () => {
    expect(chooseRelease(withCanary, 24.99)).toEqual({
      manifestUrl: 'https://cdn.example.com/2.0.0/mf-manifest.json',
      track: 'canary',
      release: '2.0.0',
      canary: 7,
    });
    // Stable visitors say which canary they were compared with.
    expect(chooseRelease(withCanary, 25)).toEqual({
      manifestUrl: stable.manifestUrl,
      track: 'stable',
      canary: 7,
    });
  });
});

describe("the visitor's number", () => {
  it('is drawn once and kept: the same visitor stays on one release', () => {
    const storage = memoryStorage();
    const first = visitorBucket(storage);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    expect(storage.values.get(RELEASE_BUCKET_KEY)).toBe(first.toFixed(4));
    expect(visitorBucket(storage)).toBeCloseTo(first, 3);
  });

  it('replaces a kept value that is not a number from 0 to 100', () => {
    const storage = memoryStorage({ [RELEASE_BUCKET_KEY]: '250' });
    const drawn = visitorBucket(storage);
    expect(drawn).toBeLessThan(100);
    expect(storage.values.get(RELEASE_BUCKET_KEY)).not.toBe('250');
  });

  it('is drawn per page when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const drawn = visitorBucket(refusing);
    expect(drawn).toBeGreaterThanOrEqual(0);
    expect(drawn).toBeLessThan(100);
  });
});
