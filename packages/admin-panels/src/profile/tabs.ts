/** The tabs of the user profile (product-spec §2), in the spec's order. */
export const PROFILE_TABS = ['email', 'password', 'external-logins', 'notifications', '2fa'] as const;

/** One tab of the user profile. */
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}
