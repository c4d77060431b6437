// Configuration values of a workspace's pipeline steps (SdWorkspace/IntegrationStepConfigs and
// StepConfig). A step that can be configured declares its form here (`configurationCustomForm`);
// the values are kept in the workspace configuration under `stepConfigurations`, keyed by step id,
// and read by the stage that runs the step (the export stage reads `integration.store-results`).
// Values are checked against the form — unknown names, types, required, min/max, regular
// expression — and a violation saves nothing (WorkspaceConfigError 10).

import type { Schema } from '../../contract/types.js';
import type { Db } from '../../db/database.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { notFound } from '../errors.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import { storedOf } from './configuration.js';
import { configError } from './fields.js';
import { pipelineOf, STEPS } from './pipelines.js';

type FormField = Schema<'FormField'>;
type CustomForm = Schema<'CustomForm'>;
type FormFieldValue = Schema<'FormFieldValue'>;
export type StepValues = Record<string, FormFieldValue>;

const ENTRY = 5;
const NUMERIC = 7;
const SWITCH = 11;

export const STORE_RESULTS_STEP = 'integration.store-results';

/** The forms of the steps that take configuration values. */
const STEP_FORMS: Record<string, CustomForm> = {
  [STORE_RESULTS_STEP]: {
    sections: [
      {
        id: 'delivery',
        title: 'Delivered file',
        fields: [
          {
            name: 'fileNamePrefix',
            type: ENTRY,
            title: 'File name prefix',
            tooltip: 'Put before the name of every delivered file, e.g. "acme-".',
            defaultValue: '',
            isRequired: false,
            configurations: {
              max: 40,
              matches: { regExp: '^[A-Za-z0-9._-]*$', message: 'Letters, digits, dots, dashes and underscores only.' },
            },
          },
          {
            name: 'writeToExportFolder',
            type: SWITCH,
            title: "Also write the file to the workspace's export folder",
            tooltip: 'Only when the workspace storage names an export folder on a file-sharing connection.',
            defaultValue: true,
            isRequired: false,
          },
        ],
      },
    ],
  },
};

const fieldsOf = (form: CustomForm | undefined): FormField[] => form?.sections.flatMap((s) => s.fields) ?? [];

const isEmpty = (value: FormFieldValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The stored values of a step with the form's defaults for the ones never saved. */
export function stepValues(row: WorkspaceRow, stepId: string): StepValues {
  const stored = (storedOf(row).stepConfigurations as Record<string, StepValues> | undefined)?.[stepId] ?? {};
  const values: StepValues = {};
  for (const field of fieldsOf(STEP_FORMS[stepId]))
    values[field.name] = stored[field.name] ?? field.defaultValue ?? null;
  return values;
}

function checkField(field: FormField, value: FormFieldValue | undefined): void {
  const label = field.title ?? field.name;
  if (isEmpty(value)) {
    if (field.isRequired) throw configError(`${label} is required.`);
    return;
  }
  const limits = field.configurations ?? {};
  if (field.type === SWITCH) {
    if (typeof value !== 'boolean') throw configError(`${label} must be true or false.`);
    return;
  }
  if (field.type === NUMERIC) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw configError(`${label} must be a number.`);
    if (!limits.isDecimal && !Number.isInteger(value)) throw configError(`${label} must be a whole number.`);
    if (limits.min != null && value < limits.min) throw configError(`${label} must be at least ${limits.min}.`);
    if (limits.max != null && value > limits.max) throw configError(`${label} must be at most ${limits.max}.`);
    return;
  }
  if (typeof value !== 'string') throw configError(`${label} must be a text.`);
  if (limits.min != null && value.length < limits.min)
    throw configError(`${label} needs at least ${limits.min} characters.`);
  if (limits.max != null && value.length > limits.max)
    throw configError(`${label} takes at most ${limits.max} characters.`);
  if (limits.matches && !new RegExp(limits.matches.regExp).test(value)) {
    throw configError(`${label}: ${limits.matches.message ?? `must match ${limits.matches.regExp}`}`);
  }
}

/** Checks values against the step's form; returns them with every field of the form present. */
export function checkStepValues(stepId: string, values: StepValues): StepValues {
  const fields = fieldsOf(STEP_FORMS[stepId]);
  const names = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(values).filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw configError(
      fields.length === 0
        ? `The step ${stepId} takes no configuration values.`
        : `The step ${stepId} has no setting ${unknown.map((n) => `'${n}'`).join(', ')}.`,
    );
  }
  for (const field of fields) checkField(field, values[field.name]);
  return Object.fromEntries(
    fields.map((f) => [f.name, isEmpty(values[f.name]) ? (f.defaultValue ?? null) : (values[f.name] ?? null)]),
  );
}

/** Every step id of the workspace's pipeline, in order. */
function stepIdsOf(row: WorkspaceRow): string[] {
  const p = pipelineOf(row);
  return [
    ...p.preProcessingStepIds,
    ...(p.recognizerStepId ? [p.recognizerStepId] : []),
    ...p.postProcessingStepIds,
    ...p.integrationStepIds,
  ];
}

function toStepConfig(row: WorkspaceRow, stepId: string, tenantCode: string | null): Schema<'IntegrationStepConfig'> {
  const info = STEPS[stepId] ?? { stepId, displayName: stepId, description: '', isPlaceholder: true };
  const form = STEP_FORMS[stepId] ?? null;
  const values = stepValues(row, stepId);
  return {
    workspaceId: row.id,
    pipelineId: pipelineOf(row).pipelineId,
    stepId,
    step: { ...info, tenantCode, configurationCustomForm: form },
    configurationValues: values,
    isConfigured: fieldsOf(form ?? undefined).every((f) => !f.isRequired || !isEmpty(values[f.name])),
  };
}

const tenantCodeOf = (session: Session) => session.membership.tenant_code ?? null;

/** GET IntegrationStepConfigs/{workspaceId}: the integration steps in pipeline order. */
export async function integrationStepConfigs(db: Db, session: Session, workspaceId: string) {
  const { row } = await openWorkspace(db, session, workspaceId);
  return pipelineOf(row).integrationStepIds.map((id) => toStepConfig(row, id, tenantCodeOf(session)));
}

async function openStep(db: Db, session: Session, workspaceId: string, stepId: string) {
  const opened = await openWorkspace(db, session, workspaceId);
  if (!stepIdsOf(opened.row).includes(stepId)) throw notFound(`The pipeline of this workspace has no step ${stepId}.`);
  return opened;
}

/** GET StepConfig/{workspaceId}/{stepId}. */
export async function getStepConfig(db: Db, session: Session, workspaceId: string, stepId: string) {
  const { row } = await openStep(db, session, workspaceId, stepId);
  return toStepConfig(row, stepId, tenantCodeOf(session));
}

/** POST StepConfig/{workspaceId}/{stepId}: replaces the step's values. */
export async function saveStepConfig(
  db: Db,
  session: Session,
  workspaceId: string,
  stepId: string,
  body: { configurationValues: StepValues },
) {
  const { scope, row } = await openStep(db, session, workspaceId, stepId);
  const values = checkStepValues(stepId, body.configurationValues);
  const stored = storedOf(row);
  const stepConfigurations = { ...((stored.stepConfigurations as Record<string, StepValues>) ?? {}), [stepId]: values };
  const configuration = { ...stored, stepConfigurations };
  await scope.update(row.id, { configuration });
  return {
    succeeded: true,
    errors: [],
    result: toStepConfig({ ...row, configuration } as WorkspaceRow, stepId, tenantCodeOf(session)),
  };
}
