import { CONTRACT_VERSION, isCompatibleContract } from './version';

describe('isCompatibleContract (which remotes a host runs)', () => {
  it.each(['2.4.0', '2.4.7', '2.3.0', '2.0.0', '2.0.1'])(
    'runs a remote of the same major and the same or an older minor: %s on 2.4.0',
    (remote) => {
      expect(isCompatibleContract(remote, '2.4.0')).toBe(true);
    },
  );

  it.each(['2.5.0', '2.10.0', '2.5.0-beta.1'])(
    'refuses a newer minor, whose remote may use host services this host lacks: %s on 2.4.0',
    (remote) => {
      expect(isCompatibleContract(remote, '2.4.0')).toBe(false);
    },
  );

  it.each(['1.4.0', '1.12.0', '3.0.0', '3.4.0'])('refuses another major: %s on 2.4.0', (remote) => {
    expect(isCompatibleContract(remote, '2.4.0')).toBe(false);
  });

  it.each([undefined, null, 2, '', 'two', '2', '2.x.0', 'v2.4.0'])(
    'refuses a version that is not major.minor: %j',
    (remote) => {
      expect(isCompatibleContract(remote, '2.4.0')).toBe(false);
    },
  );

  it("compares with this build's CONTRACT_VERSION by default", () => {
    const [major = '', minor = ''] = CONTRACT_VERSION.split('.');
    expect(isCompatibleContract(CONTRACT_VERSION)).toBe(true);
    expect(isCompatibleContract(`${major}.${Number(minor) + 1}.0`)).toBe(false);
    expect(isCompatibleContract(`${Number(major) + 1}.0.0`)).toBe(false);
  });
});
