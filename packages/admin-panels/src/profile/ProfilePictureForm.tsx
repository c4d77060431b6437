/** The account's picture (User/ChangePicture): type and size checked before sending, the server's refusal shown. */
import type { Schema } from '@reviewdesk/api-client';
import { useApiClient } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useProfileTranslation } from './i18n';
import { base64Of, MAX_PICTURE_BYTES, PICTURE_TYPES, pictureProblem } from './pictureFile';
import { USER_DETAILS_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

const MEGABYTES = MAX_PICTURE_BYTES / 1024 / 1024;

/** Test ids: `profile.picture`, `profile.picture.image`, `profile.picture.file`, `profile.picture.error`. */
export function ProfilePictureForm({ user, ...events }: { user: Schema<'CurrentUser'> } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const inputId = useId();
  const change = useMutation({
    mutationFn: async (file: File) =>
      (
        await api.POST('/api/v{version}/User/ChangePicture', {
          body: { contentType: file.type, fileName: file.name, content: await base64Of(file) },
        })
      ).data,
    onSuccess: () => {
      setError(null);
      report.saved('email', t('picture.saved'));
      void queryClient.invalidateQueries({ queryKey: USER_DETAILS_KEY });
    },
    onError: (failure: Error) => setError(report.failed(failure)),
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again after a refusal is heard.
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) return setError(t(`picture.${problem}`, { megabytes: MEGABYTES }));
    change.mutate(file);
  };
  return (
    <section className="rd-admin__group" aria-labelledby={headingId} data-testid="profile.picture">
      <h3 id={headingId} className="rd-admin__subtitle">
        {t('picture.title')}
      </h3>
      <div className="rd-admin-profile__picture">
        {user.profilePicture ? (
          <img
            src={user.profilePicture}
            alt={t('picture.alt')}
            className="rd-admin-profile__avatar"
            data-testid="profile.picture.image"
          />
        ) : (
          <p className="rd-admin__muted">{t('picture.none')}</p>
        )}
        <div className="rd-field">
          <label className="rd-field__label" htmlFor={inputId}>
            {t('picture.choose')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            className="rd-focusable"
            disabled={change.isPending}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={choose}
            data-testid="profile.picture.file"
          />
          <p className="rd-field__hint" id={`${inputId}-hint`}>
            {t('picture.hint', { megabytes: MEGABYTES })}
          </p>
        </div>
      </div>
      {error ? (
        <p className="rd-field__error" role="alert" data-testid="profile.picture.error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
