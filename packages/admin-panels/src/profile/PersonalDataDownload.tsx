/** Everything the server keeps about the person, as a file (User/DownloadPersonalData). */
import { Button, saveFile, useApiClient } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useProfileTranslation } from './i18n';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** Test ids: `profile.personal-data`, `profile.personal-data.download`, `profile.personal-data.error`. */
export function PersonalDataDownload(events: ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const report = useProfileReporter(events);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const download = useMutation({
    mutationFn: async () => (await api.POST('/api/v{version}/User/DownloadPersonalData', {})).data,
    onSuccess: (file) => {
      setError(null);
      if (file) saveFile(file);
    },
    onError: (failure: Error) => setError(report.failed(failure)),
  });
  return (
    <section className="rd-admin__group" aria-labelledby={headingId} data-testid="profile.personal-data">
      <h3 id={headingId} className="rd-admin__subtitle">
        {t('personalData.title')}
      </h3>
      <p className="rd-admin__muted">{t('personalData.description')}</p>
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button
          loading={download.isPending}
          onClick={() => download.mutate()}
          data-testid="profile.personal-data.download"
        >
          {t('personalData.download')}
        </Button>
      </div>
      {error ? (
        <p className="rd-field__error" role="alert" data-testid="profile.personal-data.error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
