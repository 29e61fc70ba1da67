import { proxy } from 'valtio';
import type { FirstScreenInput } from 'shared-contracts';
import type { FrameHost } from '../app/layout';

/** A server render runs no effects and no event handlers: nothing here is ever called. */
const nothing = () => undefined;

/** The frame's host services in a server render: the request's configuration, platform, language. */
export const frameHostOf = ({ config, platform, language }: FirstScreenInput): FrameHost => ({
  config,
  language,
  platform: proxy({ platform }),
  deepLink: { open: nothing, urlOf: () => '' },
  downloadDialog: { open: nothing },
});
