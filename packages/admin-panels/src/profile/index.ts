/**
 * `@reviewdesk/admin-panels/profile`: `<UserProfile>`, the signed-in person's own account. An entry
 * of its own: the profile and its strings stay out of the other screens' bundles. Render it inside
 * a `<ReviewdeskProvider>`; hosts without React use `mountUserProfile` of
 * `@reviewdesk/admin-panels/profile/embed`. Import `@reviewdesk/admin-panels/styles.css`.
 * @packageDocumentation
 */
export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
// The event map names the home screen's events too; their types only, no code of that screen.
export type { HomeOpenLinkEvent, HomeOpenTaskEvent } from '../home/events';
export type { ProfileAccountDeletedEvent } from './AccountDeletion';
export { PROFILE_NAMESPACE, type ProfileStrings, type ProfileTranslationKey, profileResources } from './i18n';
export { MAX_PICTURE_BYTES, PICTURE_TYPES } from './pictureFile';
export { isProfileTab, PROFILE_TABS, type ProfileTab } from './tabs';
export { UserProfile, type UserProfileProps } from './UserProfile';
