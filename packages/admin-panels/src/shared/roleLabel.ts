/** A role's name in the person's language; a role the product does not know keeps the server's name. */
import type { AdminPanelsTranslationKey } from '../i18n/resources';

const ROLE_NAMES = ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'] as const;

export function roleLabel(
  t: (key: AdminPanelsTranslationKey) => string,
  role: { name: string } | null | undefined,
): string {
  if (!role) return '—';
  const known = ROLE_NAMES.find((name) => name === role.name);
  return known ? t(`common.roles.${known}`) : role.name;
}
