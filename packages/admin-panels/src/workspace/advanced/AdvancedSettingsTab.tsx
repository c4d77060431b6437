/**
 * The workspace's "advanced-settings" tab (SdWorkspace AdvancedSettings): history and retries,
 * review, confidence thresholds, import limits and splitting, and the anonymisation fill colour,
 * each checked against its limit as the person types (advancedModel.ts) and, when the server still
 * refuses (WorkspaceConfigError 10), its refusal shown beside the field it names. A failed save keeps
 * what was typed. Without Workspace.EditAdvancedSettings the form shows read-only.
 */
import { Button, Input, Switch, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { refusedField } from '../serverProblems';
import { WORKSPACE_TAB_SAVE_PERMISSIONS } from '../tabs';
import {
  type AdvancedDraft,
  type AdvancedSettings,
  draftOf,
  extensionOf,
  FLAG_KEYS,
  type NumberKey,
  type Problem,
  problemsOf,
  SERVER_KEYS,
  settingsOf,
  THRESHOLD_KEYS,
} from './advancedModel';

/** An example of a file type, as it is written in every language. */
const EXTENSION_EXAMPLE = '.pdf';

export interface AdvancedSettingsTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export const advancedSettingsQuery = (api: ReturnType<typeof useApiClient>, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/SdWorkspace/AdvancedSettings/{workspaceId}', {
    params: { path: { workspaceId } },
  });

export function AdvancedSettingsTab({ workspaceId, ...events }: AdvancedSettingsTabProps) {
  const api = useApiClient();
  const settings = useQuery(advancedSettingsQuery(api, workspaceId));
  return (
    <QueryStates query={settings}>
      {(saved) => <AdvancedForm key={settings.dataUpdatedAt} workspaceId={workspaceId} saved={saved} {...events} />}
    </QueryStates>
  );
}

function AdvancedForm({ workspaceId, saved, ...events }: AdvancedSettingsTabProps & { saved: AdvancedSettings }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can(WORKSPACE_TAB_SAVE_PERMISSIONS['advanced-settings'] ?? []);
  const initial = draftOf(saved);
  const [draft, setDraft] = useState<AdvancedDraft>(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ field: string; code: number } | null>(null);
  const [newType, setNewType] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const problems = problemsOf(draft);

  const save = useMutation({
    mutationFn: async (body: AdvancedSettings) => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/AdvancedSettings/{workspaceId}', {
        params: { path: { workspaceId } },
        body,
      });
      return data?.result;
    },
    onSuccess: (result) => {
      setServerError(null);
      setRefused(null);
      const key = advancedSettingsQuery(api, workspaceId).queryKey;
      if (result) queryClient.setQueryData(key, result);
      else void queryClient.invalidateQueries({ queryKey: key });
      report.saved({ screen: 'workspace', tab: 'advanced-settings', workspaceId });
    },
    onError: (error: Error) => {
      setServerError(report.failed(error));
      const found = refusedField(error, Object.keys(SERVER_KEYS));
      setRefused(found ? { field: SERVER_KEYS[found.key] ?? found.key, code: found.code } : null);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!dirty || problems.size > 0) return;
    save.mutate(settingsOf(draft));
  };

  const problemText = (problem: Problem | undefined): string | null => {
    if (!problem) return null;
    switch (problem.kind) {
      case 'required':
        return t('workspace.advanced.problems.required');
      case 'whole':
        return t('workspace.advanced.problems.whole');
      case 'range':
        return t('workspace.advanced.problems.range', { min: problem.min, max: problem.max });
      case 'atLeast':
        return t('workspace.advanced.problems.atLeast', { min: problem.min });
      case 'colour':
        return t('workspace.advanced.problems.colour');
      case 'noFileTypes':
        return t('workspace.advanced.problems.noFileTypes');
    }
  };
  /** What to show beside a field: the form's own check once the person tried to save, or the server's refusal. */
  const errorOf = (field: string) =>
    (touched ? problemText(problems.get(field)) : null) ??
    (refused?.field === field ? t('workspace.advanced.problems.refused', { code: refused.code }) : null);

  const setNumber = (key: NumberKey, value: string) =>
    setDraft((d) => ({ ...d, numbers: { ...d.numbers, [key]: value } }));
  const numberInput = (key: NumberKey, unit: string) => (
    <Input
      label={t(`workspace.advanced.${key}`)}
      hint={unit}
      inputMode={key === 'maxFileSizeMb' ? 'decimal' : 'numeric'}
      value={draft.numbers[key]}
      onChange={(e) => setNumber(key, e.target.value)}
      error={errorOf(key)}
      data-testid={`workspace.advanced.${key}`}
    />
  );
  const addType = () => {
    const ext = extensionOf(newType);
    if (!ext) {
      setTypeError(t('workspace.advanced.problems.extension'));
      return;
    }
    setTypeError(null);
    setNewType('');
    setDraft((d) =>
      d.supportedFileTypes.includes(ext) ? d : { ...d, supportedFileTypes: [...d.supportedFileTypes, ext] },
    );
  };

  return (
    <form className="rd-admin__form rd-admin__form--wide" onSubmit={submit} noValidate data-testid="workspace.advanced">
      <ReadOnlyNote editable={editable} />
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Group title={t('workspace.advanced.history')}>
          <div className="rd-admin-grid">
            {numberInput('daysUntilRemoval', t('workspace.advanced.units.days'))}
            {numberInput('hoursUntilTasksConsideredStuck', t('workspace.advanced.units.hours'))}
            {numberInput('maxRestartCount', t('workspace.advanced.units.times'))}
            {numberInput('checkoutExpireMinutes', t('workspace.advanced.units.minutes'))}
          </div>
          {FLAG_KEYS.filter((k) => k !== 'forceSingleChunk' && k !== 'allowEmailImportFromOutsideTenant').map((key) => (
            <Switch
              key={key}
              label={t(`workspace.advanced.flags.${key}`)}
              hint={t(`workspace.advanced.flags.${key}Hint`)}
              checked={draft.flags[key]}
              onChange={(e) => setDraft((d) => ({ ...d, flags: { ...d.flags, [key]: e.target.checked } }))}
              data-testid={`workspace.advanced.${key}`}
            />
          ))}
        </Group>
        <Group title={t('workspace.advanced.confidence')} hint={t('workspace.advanced.confidenceHint')}>
          <div className="rd-admin-grid">
            {THRESHOLD_KEYS.map((key) => (
              <Input
                key={key}
                label={t(`workspace.advanced.thresholds.${key}`)}
                hint={t('workspace.advanced.units.percent')}
                inputMode="decimal"
                placeholder={t('workspace.advanced.notUsed')}
                value={draft.thresholds[key]}
                onChange={(e) => setDraft((d) => ({ ...d, thresholds: { ...d.thresholds, [key]: e.target.value } }))}
                error={errorOf(key)}
                data-testid={`workspace.advanced.${key}`}
              />
            ))}
          </div>
        </Group>
        <Group title={t('workspace.advanced.import')}>
          <fieldset className="rd-admin__group" aria-describedby="rd-admin-advanced-types-error">
            <legend className="rd-admin__legend">{t('workspace.advanced.supportedFileTypes')}</legend>
            <p className="rd-admin__muted">{t('workspace.advanced.skipReviewHint')}</p>
            <ul className="rd-admin-types" data-testid="workspace.advanced.types">
              {draft.supportedFileTypes.map((ext) => (
                <li key={ext} className="rd-admin-types__item">
                  <code>{ext}</code>
                  <label className="rd-admin__choice">
                    <input
                      type="checkbox"
                      className="rd-focusable"
                      checked={draft.fileTypesToSkipReview.includes(ext)}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          fileTypesToSkipReview: e.target.checked
                            ? [...d.fileTypesToSkipReview, ext]
                            : d.fileTypesToSkipReview.filter((x) => x !== ext),
                        }))
                      }
                      data-testid={`workspace.advanced.skip.${ext}`}
                    />
                    <span>{t('workspace.advanced.skipReview')}</span>
                  </label>
                  {editable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        setDraft((d) => ({
                          ...d,
                          supportedFileTypes: d.supportedFileTypes.filter((x) => x !== ext),
                          fileTypesToSkipReview: d.fileTypesToSkipReview.filter((x) => x !== ext),
                        }))
                      }
                      aria-label={t('workspace.advanced.removeType', { type: ext })}
                    >
                      ✕
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            {errorOf('supportedFileTypes') ? (
              <p id="rd-admin-advanced-types-error" className="rd-field__error">
                {errorOf('supportedFileTypes')}
              </p>
            ) : null}
            {editable ? (
              <div className="rd-admin-list__row">
                <Input
                  className="rd-admin-list__narrow"
                  label={t('workspace.advanced.newType')}
                  placeholder={EXTENSION_EXAMPLE}
                  maxLength={16}
                  value={newType}
                  onChange={(e) => setNewType(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addType();
                    }
                  }}
                  error={typeError}
                  data-testid="workspace.advanced.newType"
                />
                <Button onClick={addType} data-testid="workspace.advanced.addType">
                  {t('workspace.advanced.addType')}
                </Button>
              </div>
            ) : null}
          </fieldset>
          <div className="rd-admin-grid">{numberInput('maxFileSizeMb', t('workspace.advanced.units.mb'))}</div>
          {(['allowEmailImportFromOutsideTenant', 'forceSingleChunk'] as const).map((key) => (
            <Switch
              key={key}
              label={t(`workspace.advanced.flags.${key}`)}
              hint={t(`workspace.advanced.flags.${key}Hint`)}
              checked={draft.flags[key]}
              onChange={(e) => setDraft((d) => ({ ...d, flags: { ...d.flags, [key]: e.target.checked } }))}
              data-testid={`workspace.advanced.${key}`}
            />
          ))}
          <Switch
            label={t('workspace.advanced.split')}
            hint={t('workspace.advanced.splitHint')}
            checked={draft.splitEnabled}
            disabled={draft.flags.forceSingleChunk}
            onChange={(e) => setDraft((d) => ({ ...d, splitEnabled: e.target.checked }))}
            data-testid="workspace.advanced.splitEnabled"
          />
          {errorOf('splitEnabled') ? <p className="rd-field__error">{errorOf('splitEnabled')}</p> : null}
          {draft.splitEnabled ? (
            <div className="rd-admin-grid">
              {numberInput('pagesPerChunk', t('workspace.advanced.units.pages'))}
              {numberInput('minutesPerChunk', t('workspace.advanced.units.minutes'))}
            </div>
          ) : null}
        </Group>
        <Group title={t('workspace.advanced.anonymization')}>
          <ColourInput
            label={t('workspace.advanced.anonymizationFillColor')}
            hint={t('workspace.advanced.anonymizationFillColorHint')}
            value={draft.anonymizationFillColor}
            onChange={(value) => setDraft((d) => ({ ...d, anonymizationFillColor: value }))}
            error={errorOf('anonymizationFillColor')}
          />
        </Group>
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => {
          setDraft(initial);
          setTouched(false);
          setRefused(null);
        }}
        testId="workspace.advanced"
      />
    </form>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="rd-admin__group">
      <legend className="rd-admin__legend">{title}</legend>
      {hint ? <p className="rd-admin__muted">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** A colour as text (`#rrggbb` or `#rrggbbaa`, empty for none) with a picker for its `#rrggbb` part. */
function ColourInput({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useAdminPanelsTranslation();
  const pickerId = useId();
  const rgb = /^#[0-9A-Fa-f]{6}/.test(value) ? value.slice(0, 7) : '#000000';
  return (
    <div className="rd-admin-list__row">
      <Input
        className="rd-admin-list__medium"
        label={label}
        hint={hint}
        placeholder={t('workspace.advanced.notUsed')}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        error={error}
        data-testid="workspace.advanced.anonymizationFillColor"
      />
      <label className="rd-admin__choice" htmlFor={pickerId}>
        <input
          id={pickerId}
          type="color"
          className="rd-focusable rd-admin-colour"
          value={rgb}
          onChange={(e) => onChange(`${e.target.value}${value.length === 9 ? value.slice(7) : ''}`)}
        />
        <span>{t('workspace.advanced.pickColour')}</span>
      </label>
    </div>
  );
}
