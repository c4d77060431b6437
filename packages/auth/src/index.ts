/**
 * @reviewdesk/auth — sign-in with OpenID Connect (oidc-client-ts), the user's abilities, and the
 * React pieces that use them: <AuthProvider>, useAuth, <Can>, <RequireAbility>, <AuthenticationPage>.
 */

export {
  type Abilities,
  type Ability,
  type AbilityLike,
  abilityKey,
  type CreateAbilitiesOptions,
  createAbilities,
  noAbilities,
} from './abilities';
export {
  type ClientSettings,
  clientSettingsUrl,
  DEFAULT_CLIENT_ID,
  type LoadClientSettingsOptions,
  loadClientSettings,
  parseClientSettings,
} from './client-settings';
export {
  AuthError,
  type AuthErrorCode,
  type AuthMessages,
  defaultAuthMessages,
  missingConfigurationMessage,
  toSignInError,
} from './messages';
export {
  type BasePermission,
  isPermission,
  type Permission,
  permissions,
  permissionTable,
  perRoleActions,
  type Resource,
  type RoleName,
  type RolePermission,
  type RolePermissionBase,
  roleNames,
  rolePermission,
} from './permissions';
export { AuthenticationPage, type AuthenticationPageProps } from './react/AuthenticationPage';
export { AuthProvider, type AuthProviderProps } from './react/AuthProvider';
export { Can, type CanProps, checkPermission, type PermissionCheck } from './react/Can';
export type { Navigate } from './react/context';
export { RequireAbility, type RequireAbilityProps } from './react/RequireAbility';
export { type UseAuthResult, useAuth } from './react/useAuth';
export { isSuperUser, type RoleLike } from './roles';
export {
  AUTHENTICATION_PREFIX,
  type AuthenticationAction,
  authenticationActions,
  authenticationPaths,
  getAuthenticationPath,
  getLoginUrl,
  isPublicRoute,
  NOT_AUTHORIZED_PATH,
  publicRoutes,
  type RouteOptions,
  sanitizeReturnUrl,
} from './routes';
export {
  type AuthSession,
  type AuthSessionOptions,
  type AuthState,
  type AuthStatus,
  type AuthUser,
  type CompletedSignIn,
  createAuthSession,
  type SignInOptions,
  type SignOutOptions,
} from './session';
export { createStaticAuthSession, type StaticAuthSession, type StaticAuthSessionOptions } from './static-session';
export {
  type AbilitiesLoader,
  createUserAuthDetailsLoader,
  type LoadedAuthDetails,
  USER_AUTH_DETAILS_PATH,
  type UserAuthDetails,
  type UserAuthDetailsClient,
} from './user-auth-details';
export { createInMemoryUserStore, createUserManagerSettings } from './user-manager';
