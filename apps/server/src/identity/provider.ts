// The OpenID Connect provider (oidc-provider), mounted in the same server as the API. The SPA
// (client `reviewdesk-web`) signs in with authorization code + PKCE and gets JWT access tokens for
// the API (audience `reviewdesk-api`); tenant API secrets use the client-credentials grant.
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import Provider, { type Configuration, errors } from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { apiSecretMatches } from '../domain/api-secrets.js';
import type { TokenSubject } from '../http/binder.js';
import { createAdapterFactory } from './adapter.js';
import { cookieKeys, signingKeys } from './server-secrets.js';
import { signOutPages } from './sign-out-pages.js';
import { clientTokenClaims, clientTokenStands, userTokenStands } from './token-state.js';

export const WEB_CLIENT_ID = 'reviewdesk-web';
/** Resource indicator of the API (RFC 8707 wants an absolute URI) and the audience of its tokens. */
export const API_RESOURCE = 'urn:reviewdesk:api';
export const API_AUDIENCE = 'reviewdesk-api';
export const WEB_SCOPE = 'openid profile email offline_access api';
/** Mount point of the provider's endpoints; discovery stays at /.well-known/openid-configuration. */
export const OIDC_PREFIX = '/connect';
export const LOGIN_PATH = '/Identity/Account/Login';

export function webClientUrls(origin: string) {
  return {
    redirectUri: `${origin}/authentication/login-callback`,
    silentRedirectUri: `${origin}/authentication/silent-callback`,
    postLogoutRedirectUri: `${origin}/authentication/logout-callback`,
  };
}

export interface Identity {
  provider: Provider;
  verifyBearer(token: string): Promise<TokenSubject | null>;
}

export async function createIdentity(config: ServerConfig, db: Db): Promise<Identity> {
  const keys = await signingKeys(db);
  const urls = webClientUrls(config.origin);
  const users = new UsersRepository(db);
  const providerPages = signOutPages(db);

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [urls.redirectUri, urls.silentRedirectUri],
        post_logout_redirect_uris: [urls.postLogoutRedirectUri, `${config.origin}/`],
        scope: WEB_SCOPE,
      },
    ],
    jwks: { keys: keys as Configuration['jwks'] extends { keys: infer K } ? K : never },
    cookies: { keys: await cookieKeys(db) },
    scopes: ['openid', 'profile', 'email', 'offline_access', 'api'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    pkce: { required: () => true },
    routes: {
      authorization: `${OIDC_PREFIX}/authorize`,
      token: `${OIDC_PREFIX}/token`,
      jwks: `${OIDC_PREFIX}/jwks`,
      userinfo: `${OIDC_PREFIX}/userinfo`,
      end_session: `${OIDC_PREFIX}/endsession`,
      revocation: `${OIDC_PREFIX}/revocation`,
      introspection: `${OIDC_PREFIX}/introspection`,
      pushed_authorization_request: `${OIDC_PREFIX}/par`,
      code_verification: `${OIDC_PREFIX}/device`,
      device_authorization: `${OIDC_PREFIX}/device/auth`,
      backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
      registration: `${OIDC_PREFIX}/reg`,
      challenge: `${OIDC_PREFIX}/challenge`,
    },
    interactions: { url: (_ctx, interaction) => `${LOGIN_PATH}?uid=${interaction.uid}` },
    clientBasedCORS: (_ctx, origin) => origin === config.origin,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      clientCredentials: { enabled: true },
      // Our own pages, in the person's culture and without the provider's default page, which
      // loads web fonts from the internet (sign-out-pages.ts).
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: providerPages.logoutSource,
        postLogoutSuccessSource: providerPages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          return {
            scope: 'api',
            audience: API_AUDIENCE,
            accessTokenTTL: 60 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The SPA renews silently with refresh tokens; they rotate on every use (public client).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx, token) => {
      // Tokens of a tenant API secret say which tenant they act for and which secret they came from;
      // user tokens name their grant. verifyBearer checks both against the database (token-state.ts).
      if (token.kind === 'ClientCredentials') return clientTokenClaims(db, token.clientId as string);
      const grantId = (token as { grantId?: string }).grantId;
      return grantId ? { gid: grantId } : undefined;
    },
    findAccount: async (_ctx, sub) => {
      const user = await users.findById(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.email_confirmed,
          name: user.name,
          preferred_username: user.user_name,
        }),
      };
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      ClientCredentials: 60 * 60,
    },
    renderError: async (ctx, out) => providerPages.renderError(ctx, out),
  };

  const provider = new Provider(config.origin, configuration);
  // Tenant API secrets are stored hashed (src/domain/api-secrets.ts); the web client has no secret.
  provider.Client.prototype.compareClientSecret = function (this: { clientSecret?: string }, actual: string) {
    return apiSecretMatches(actual, this.clientSecret);
  };
  const publicKeys = createLocalJWKSet({
    keys: keys.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub }) => pub as JWK),
  });

  async function verifyBearer(token: string): Promise<TokenSubject | null> {
    try {
      const { payload } = await jwtVerify(token, publicKeys, {
        issuer: config.origin,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
      });
      if (typeof payload.sub === 'string' && payload.sub !== payload.client_id) {
        if (!(await userTokenStands(db, payload.gid))) return null;
        return { kind: 'user', userId: payload.sub, grantId: payload.gid as string };
      }
      if (typeof payload.client_id === 'string' && typeof payload.tenant_id === 'string') {
        if (!(await clientTokenStands(db, payload.client_id, payload.tenant_id, payload.sv))) return null;
        return { kind: 'client', clientId: payload.client_id, tenantId: payload.tenant_id };
      }
      return null;
    } catch {
      return null;
    }
  }

  return { provider, verifyBearer };
}
