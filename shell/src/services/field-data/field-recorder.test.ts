import { TEST_CONFIG } from 'shared-contracts/testing';
import type { RuntimeConfig } from 'shared-contracts/page';

type Recorder = typeof import('./field-recorder');

/** A fresh recorder module: it keeps one visit per page. */
function freshRecorder(): Recorder {
  let recorder: Recorder | undefined;
  jest.isolateModules(() => {
    recorder = jest.requireActual<Recorder>('./field-recorder');
  });
  if (!recorder) throw new Error('the recorder loads');
  return recorder;
}

const sampled: RuntimeConfig = { ...TEST_CONFIG, fieldData: { sampleRate: 0.5 } };

describe('recording a visit for the field data', () => {
  it('records nothing when the sample leaves the visit out', () => {
    const recorder = freshRecorder();
    expect(recorder.startFieldRecording(sampled, () => 0.7)).toBeNull();
    recorder.recordFieldError('shell', 'uncaught', new Error('boom'));
    // A visit sampled afterwards starts empty: the error before it was never kept.
    expect(recorder.startFieldRecording(sampled, () => 0.1)?.errors).toEqual([]);
    expect(freshRecorder().startFieldRecording({ ...TEST_CONFIG }, () => 0)).toBeNull();
  });

  it("keeps each remote's release and track, and its canary", () => {
    const recorder = freshRecorder();
    const visit = recorder.startFieldRecording(sampled, () => 0.2);
    recorder.recordRemoteLoad(
      'payments',
      {
        manifestUrl: '/releases/payments/2.0.0/mf-manifest.json',
        track: 'canary',
        release: '2.0.0',
        canary: 4,
      },
      '2.0.0',
    );
    recorder.recordRemoteLoad(
      'share',
      { manifestUrl: '/remotes/share/mf-manifest.json', track: 'stable' },
      undefined,
    );
    expect([...(visit?.remotes.values() ?? [])]).toEqual([
      { name: 'payments', release: '2.0.0', track: 'canary', canary: 4 },
      { name: 'share', release: 'unknown', track: 'stable' },
    ]);
  });

  it("scrubs errors' messages, tells their source by the remote's files, and keeps ten at most", () => {
    const recorder = freshRecorder();
    const visit = recorder.startFieldRecording(sampled, () => 0.1);
    recorder.recordRemoteLoad(
      'payments',
      { manifestUrl: '/remotes/payments/mf-manifest.json', track: 'stable' },
      '1.0.0',
    );
    const thrown = new Error('Share "Holiday pictures" at https://x.example/s/abc failed 42 times');
    thrown.stack = `Error\n    at render (${window.location.origin}/remotes/payments/1.js:1:2)`;
    window.dispatchEvent(new ErrorEvent('error', { message: thrown.message, error: thrown }));
    expect(visit?.errors).toEqual([
      { source: 'payments', kind: 'uncaught', message: 'Share <text> at <url> failed <n> times' },
    ]);
    for (let index = 0; index < 20; index += 1)
      recorder.recordFieldError('shell', 'render', 'again');
    expect(visit?.errors).toHaveLength(10);
  });

  it('blames the remote whose entry script throws as it loads, not the shell', () => {
    const recorder = freshRecorder();
    const visit = recorder.startFieldRecording(sampled, () => 0.1);
    const manifestUrl = '/releases/payments/9.0.0/mf-manifest.json';
    const entry = `${window.location.origin}/releases/payments/9.0.0/remoteEntry.js`;
    const throwInEntry = () =>
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'a release gone bad', filename: entry }),
      );
    // Before the shell names the remote's files, the error has no remote to go to.
    throwInEntry();
    recorder.recordRemoteFiles('payments', manifestUrl);
    throwInEntry();
    recorder.recordFieldError('payments', 'load', new Error('Remote "payments" did not load.'));
    expect(visit?.errors.map((error) => [error.source, error.kind])).toEqual([
      ['shell', 'uncaught'],
      ['payments', 'uncaught'],
      ['payments', 'load'],
    ]);
  });
});
