// Every API route that answers without signing in, each with why. The access plugin refuses at boot
// a route declared `public` that is not here, so opening a route to the world is a reviewed change
// (api/test/authentication.test.ts also fails on an entry whose route is gone).
export const publicRoutes: readonly { route: string; reason: string }[] = [
  { route: 'GET /api/v1/health', reason: 'Load balancers and the start script ask whether the server is up.' },
  { route: 'GET /api/v1/version.json', reason: 'A tab compares the build it runs with the server to offer a reload (spec §9).' },
  { route: 'POST /api/v1/auth/register', reason: 'A new reseller opens an account before having one (rate limited per address).' },
  { route: 'POST /api/v1/auth/login/json', reason: 'Signing in is how a token is obtained (limited per account and address).' },
  {
    route: 'POST /api/v1/auth/mobile-login/exchange',
    reason: 'The phone trades a short-lived one-time code, shown to the signed-in user on the web, for a session.',
  },
  { route: 'GET /api/v1/invitations/:token', reason: 'An invited person reads whom the invitation is from before having an account.' },
  { route: 'POST /api/v1/invitations/:token/accept', reason: 'An invited person sets a password to join; the token is the proof.' },
  {
    route: 'GET /api/v1/media/:mediaId',
    reason: 'Photos load in img tags and on marketplaces, which send no token; ids are random and unguessable.',
  },
  { route: 'GET /api/v1/media/:mediaId/thumb', reason: 'Thumbnails load in img tags, like the photos they shrink.' },
  {
    route: 'GET /api/v1/channels/:platform/oauth/callback',
    reason: "The marketplace sends the seller's browser back here; the signed, single-use state names the business.",
  },
  { route: 'GET /api/v1/webhooks/ebay/:connectionId', reason: "eBay's endpoint check: answered with a hash of its challenge." },
  {
    route: 'POST /api/v1/webhooks/:platform/:connectionId',
    reason: "Marketplaces deliver events here; every delivery's signature is verified.",
  },
];
