/**
 * @reviewdesk/ui — the shared layer under every Reviewdesk feature package: provider, design
 * tokens and scoped CSS (import `@reviewdesk/ui/styles.css`), accessible primitives, i18n,
 * permissions and device preferences.
 * @packageDocumentation
 */

export { type Ability, type AbilityCheck, type Can, createCan, denyAll, type Permission } from './abilities/can';
export { invitableRoles, rolesToGive } from './abilities/invitable-roles';
export {
  type CapabilitiesStatus,
  type ServerCapabilities,
  serverCapabilitiesQuery,
  supportsFrom,
  type TranslationPair,
  useServerCapabilities,
} from './capabilities/capabilities';
export {
  AvatarGroup,
  type AvatarGroupProps,
  type AvatarPerson,
  MAX_AVATARS,
} from './components/AvatarGroup/AvatarGroup';
export { Button, type ButtonProps } from './components/Button/Button';
export { Dialog, type DialogProps } from './components/Dialog/Dialog';
export {
  Checkbox,
  type CheckboxProps,
  Input,
  type InputProps,
  Select,
  type SelectOption,
  type SelectProps,
  Switch,
} from './components/Field/Field';
export {
  HighlightedText,
  type HighlightedTextProps,
  markedParts,
  type TextRange,
} from './components/HighlightedText/HighlightedText';
export {
  type LiveMessage,
  LiveRegion,
  type LiveRegionProps,
  nextLiveMessage,
  useLiveMessage,
} from './components/LiveRegion/LiveRegion';
export { Menu, type MenuItem, type MenuProps } from './components/Menu/Menu';
export { Popover, type PopoverProps } from './components/Popover/Popover';
export {
  altKey,
  controlKey,
  isTyping,
  type KeyboardShortcut,
  plainKey,
  shortcutFor,
} from './components/ShortcutsHelp/keyboard-shortcuts';
export { ShortcutsHelp, type ShortcutsHelpProps } from './components/ShortcutsHelp/ShortcutsHelp';
export {
  EmptyState,
  ErrorState,
  type ErrorStateProps,
  LoadingState,
  type LoadingStateProps,
  PermissionDeniedState,
  type StateProps,
} from './components/States/States';
export {
  type TableColumn,
  TableShell,
  type TableShellProps,
  type TableStatus,
} from './components/TableShell/TableShell';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs/Tabs';
export { TaskStatusBadge, type TaskStatusBadgeProps } from './components/TaskStatusBadge/TaskStatusBadge';
export { toolbarControls, useRovingToolbar } from './components/Toolbar/useRovingToolbar';
export { Tooltip, type TooltipProps } from './components/Tooltip/Tooltip';
export {
  type CreateI18nOptions,
  createReviewdeskI18n,
  type NamespaceResources,
  type ReviewdeskI18n,
  registerTranslations,
} from './i18n/instance';
export type { TranslationKey, TranslationShape } from './i18n/keys';
export { CULTURES, DEFAULT_LANGUAGE, LANGUAGES, type Language, toLanguage } from './i18n/languages';
export type { UiResource, UiTranslationKey } from './i18n/resource-type';
export { UI_NAMESPACE, uiResources } from './i18n/resources';
export {
  codeMessage,
  ERROR_CATALOGUES,
  type ErrorCatalogue,
  errorCodeKey,
  errorMessage,
  eventTypeText,
  type ServerMessage,
  type ServerMessages,
  TASK_EVENT_TYPES,
  useServerMessages,
} from './i18n/server-messages';
export {
  type Translate,
  type TranslateOptions,
  type TranslationResult,
  useNamespaceTranslation,
  useUiTranslation,
} from './i18n/useTranslation';
export { Notice, type NoticeProps } from './notices/Notice';
export {
  createNoticeStore,
  type NoticeInput,
  type NoticeItem,
  type NoticeState,
  type NoticeStore,
  type NoticeTone,
} from './notices/store';
export {
  HealthCheckWarning,
  type HealthCheckWarningProps,
  useHealthCheckWarning,
  useNotices,
} from './notices/useNotices';
export {
  DEFAULT_PREFERENCES,
  MAX_RECENT_WORKSPACES,
  type Preferences,
  type Skin,
  sanitizePreferences,
} from './preferences/defaults';
export {
  type CreatePreferencesStoreOptions,
  createPreferencesStore,
  type PreferencesState,
  type PreferencesStorage,
  type PreferencesStore,
  preferencesKey,
} from './preferences/store';
export { type ReviewdeskContextValue, useReviewdesk } from './provider/context';
export { useApiClient, useCan, usePreferences } from './provider/hooks';
export { type ReviewdeskAuth, ReviewdeskProvider, type ReviewdeskProviderProps } from './provider/ReviewdeskProvider';
export { inOrderOfHappening, type TimedEvent } from './status/taskEvents';
export {
  type StatusTone,
  type TaskStatusName,
  taskStatusName,
  taskStatusTone,
} from './status/taskStatus';
export { clockTime } from './utils/clock-time';
export { createEventHub, type EventHub } from './utils/event-hub';
export { saveFile } from './utils/save-file';
export { cleanStoragePath, storageItemPath, storagePathCrumbs } from './utils/storage-paths';
export { isMediaTaskType, MEDIA_TASK_TYPES } from './utils/task-kinds';
