/**
 * Assignees of a task as overlapping avatars. The spec shows at most 3 (§6, §9); the rest
 * collapse into a "+N" chip. The group's accessible name lists every person, so nothing is
 * lost to screen-reader users when avatars are hidden.
 */
import { useUiTranslation } from '../../i18n/useTranslation';
import { cx } from '../../utils/cx';

/** A person shown in an {@link AvatarGroup}. */
export interface AvatarPerson {
  id: string;
  name: string;
  /** Picture URL; initials are shown without one. */
  imageUrl?: string;
}

/** Props of {@link AvatarGroup}. */
export interface AvatarGroupProps {
  people: readonly AvatarPerson[];
  /** Avatars shown before "+N". @default 3 (spec: maximum assignees shown) */
  max?: number;
  /** @default 'md' */
  size?: 'sm' | 'md';
  className?: string;
}

/** Spec §9: maximum assignees displayed in lists. */
export const MAX_AVATARS = 3;

const PALETTE = 6; // rd-avatar--c0 … c5, defined in the CSS

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Same person, same colour, on every render and every page. */
function colourIndex(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % PALETTE;
}

/**
 * Overlapping avatars with overflow count.
 * @example
 * <AvatarGroup people={task.assignees.map((u) => ({ id: u.id, name: u.displayName }))} />
 */
export function AvatarGroup({ people, max = MAX_AVATARS, size = 'md', className }: AvatarGroupProps) {
  const { t } = useUiTranslation();
  if (people.length === 0) {
    return (
      <span className={cx('rd-avatar-group', 'rd-avatar-group--empty', className)}>{t('avatarGroup.unassigned')}</span>
    );
  }
  const shown = people.slice(0, Math.max(0, max));
  const hidden = people.slice(shown.length);
  const names = people.map((p) => p.name).join(', ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are pictures
    <div
      role="group"
      aria-label={t('avatarGroup.label', { names })}
      className={cx('rd-avatar-group', `rd-avatar-group--${size}`, className)}
    >
      {shown.map((person) => (
        <span
          key={person.id}
          className={cx('rd-avatar', `rd-avatar--c${colourIndex(person.id)}`)}
          title={person.name}
          aria-hidden="true"
        >
          {person.imageUrl ? <img className="rd-avatar__image" src={person.imageUrl} alt="" /> : initials(person.name)}
        </span>
      ))}
      {hidden.length > 0 ? (
        <span
          className="rd-avatar rd-avatar--more"
          title={t('avatarGroup.moreLabel', { count: hidden.length, names: hidden.map((p) => p.name).join(', ') })}
          aria-hidden="true"
        >
          {t('avatarGroup.more', { count: hidden.length })}
        </span>
      ) : null}
    </div>
  );
}
