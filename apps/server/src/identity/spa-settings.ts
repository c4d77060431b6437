// The OpenID Connect settings the web app reads before signing in (oidc-client-ts UserManager
// settings). Path kept from the product: /_configuration/<client id>.
import type { ServerConfig } from '../config.js';
import { WEB_CLIENT_ID, WEB_SCOPE, webClientUrls } from './provider.js';

export const SPA_SETTINGS_PATH = `/_configuration/${WEB_CLIENT_ID}`;

export function spaSettings(config: ServerConfig) {
  const urls = webClientUrls(config.origin);
  return {
    authority: config.origin,
    client_id: WEB_CLIENT_ID,
    redirect_uri: urls.redirectUri,
    silent_redirect_uri: urls.silentRedirectUri,
    post_logout_redirect_uri: urls.postLogoutRedirectUri,
    response_type: 'code',
    scope: WEB_SCOPE,
  };
}
