/** Query keys of the profile's reads, so a form can refresh what it changed. */
export const USER_DETAILS_KEY = ['get', '/api/v{version}/User/GetUserDetails'] as const;
export const EXTERNAL_LOGINS_KEY = ['get', '/api/v{version}/User/GetExternalLogins'] as const;
export const USER_TENANTS_KEY = ['get', '/api/v{version}/Tenant/UserTenants'] as const;
export const TWO_FACTOR_KEY = ['get', '/api/v{version}/User/TwoFactor'] as const;
