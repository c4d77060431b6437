import { columnProblems } from '@reviewdesk/ui/template-fields';
import { describe, expect, it } from 'vitest';
import {
  anyTraining,
  type CustomModel,
  canActivate,
  isTemplateListKind,
  mayTrain,
  phaseOf,
  trainingKindsOf,
  trainingReport,
} from './templateModels';

const model = (trainingStatus: CustomModel['trainingStatus']): CustomModel => ({
  id: 'm',
  modelName: 'Guias',
  versionNumber: 1,
  trainingStatus,
  createdOn: '2026-11-26T10:00:00Z',
});
const event = (payload: Record<string, unknown>) => ({
  createdOn: '2026-11-26T10:00:00Z',
  eventDescription: 'x',
  payload: JSON.stringify(payload),
});

describe('template list rules', () => {
  it('knows the three lists', () => {
    expect(isTemplateListKind('training')).toBe(true);
    expect(isTemplateListKind('models')).toBe(false);
  });

  it('offers the workspace its own kind of training, both to a plain labelling workspace', () => {
    expect(trainingKindsOf(30)).toEqual([30]);
    expect(trainingKindsOf(50)).toEqual([50]);
    expect(trainingKindsOf(20)).toEqual([30, 50]);
  });

  it('sorts the statuses 30–60 into phases; only trained versions can be activated', () => {
    expect([30, 31, 33, 40, 41].map((s) => phaseOf(s))).toEqual(Array(5).fill('training'));
    expect([32, 42].map((s) => phaseOf(s))).toEqual(['failed', 'failed']);
    expect(phaseOf(50)).toBe('trained');
    expect(phaseOf(60)).toBe('active');
    expect(canActivate(model(50))).toBe(true);
    expect(canActivate(model(60))).toBe(false);
    expect(canActivate(model(41))).toBe(false);
    expect(anyTraining([model(60), model(40)])).toBe(true);
    expect(anyTraining([model(60), model(42)])).toBe(false);
  });

  it('reads progress and the failure reason from the events, else from the status', () => {
    expect(trainingReport(model(30)).progress).toBe(0);
    expect(trainingReport(model(41)).progress).toBe(67);
    expect(trainingReport(model(41), [event({ progress: 20 }), event({ progress: 80 })]).progress).toBe(80);
    expect(trainingReport(model(50), [event({ progress: 10 })])).toEqual({
      progress: 100,
      failureReason: null,
      needsRetraining: false,
    });
    expect(trainingReport(model(42), [event({ progress: 60 }), event({ failureReason: 'No anchor words.' })])).toEqual({
      progress: 60,
      failureReason: 'No anchor words.',
      needsRetraining: false,
    });
    // A trained or active version learned in a format the server no longer reads says so.
    const outdated = event({ needsRetraining: true, modelFormat: 2, currentFormat: 3 });
    expect(trainingReport(model(60), [outdated]).needsRetraining).toBe(true);
    expect(trainingReport(model(50), [outdated]).needsRetraining).toBe(true);
    expect(trainingReport(model(60)).needsRetraining).toBe(false);
    // A payload that is not JSON says nothing; it never breaks the list.
    expect(trainingReport(model(31), [{ createdOn: '', eventDescription: '', payload: '{' }]).progress).toBe(17);
  });

  it('allows Train when the pages are within the limit', () => {
    const ready = (pages: boolean) => ({
      conditions: { '30': { hasEnoughTasksForHighQualityTrain: false, hasValidNumberOfPagesForTrain: pages } },
      unclassifiedTaskCount: 0,
    });
    expect(mayTrain(ready(true), 30)).toBe(true);
    expect(mayTrain(ready(false), 30)).toBe(false);
    expect(mayTrain(ready(true), 50)).toBe(false);
  });

  it('checks DynamicTable column keys: letters and digits, each once', () => {
    expect(
      columnProblems([
        { uniqueId: 'Item' },
        { uniqueId: 'unit.price' },
        { uniqueId: '' },
        { uniqueId: 'Item' },
        { uniqueId: 'Qty2' },
      ]),
    ).toEqual([null, 'tableCharacters', 'empty', 'duplicate', null]);
  });
});

describe('trainingTime', () => {
  it('says seconds under a minute and minutes above, in the culture', async () => {
    const { trainingTime } = await import('./TrainingPanel');
    expect(trainingTime(0.0042, 'en')).toBe('0.3 sec');
    expect(trainingTime(0.5, 'en')).toBe('30 sec');
    expect(trainingTime(4.25, 'en')).toBe('4.3 min');
    expect(trainingTime(42, 'de')).toBe('42 Min.');
  });
});
