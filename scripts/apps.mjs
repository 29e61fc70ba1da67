// The apps webpack builds, in the order `npm run build` builds them.
export const APPS = ['shell', 'remote-share', 'remote-payments', 'remote-invite'];
