// @vitest-environment node
import { ApiError, ArgumentError, enumTextKeys } from '@reviewdesk/api-client';
import { describe, expect, it } from 'vitest';
import { createReviewdeskI18n } from './instance';
import { LANGUAGES } from './languages';
import type { UiTranslationKey } from './resource-type';
import { uiResources } from './resources';
import { codeMessage, ERROR_CATALOGUES, errorMessage, eventTypeText, TASK_EVENT_TYPES } from './server-messages';
import type { Translate } from './useTranslation';

const translator = (lng: string): Translate<UiTranslationKey> => {
  const i18n = createReviewdeskI18n({ language: lng });
  return (key, options) => i18n.t(key, options ?? {}) as string;
};

const leaf = (resource: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);

const apiError = (status: number, body: unknown) =>
  new ApiError('An unexpected server error occurred.', {
    status,
    response: JSON.stringify(body),
    headers: {},
    result: body,
  });

describe('server messages', () => {
  it.each(LANGUAGES)('%s translates every code of every error catalogue of the contract', (lng) => {
    for (const catalogue of ERROR_CATALOGUES) {
      for (const key of enumTextKeys(catalogue))
        expect(leaf(uiResources[lng], key), `${lng}:${key}`).toBeTypeOf('string');
    }
  });

  it.each(LANGUAGES)('%s names every task event type', (lng) => {
    for (const type of TASK_EVENT_TYPES) expect(leaf(uiResources[lng], `eventType.${type}`)).toBeTypeOf('string');
  });

  it('reads a 404 as "not found" in the person language, the server text as detail', () => {
    const error = apiError(404, {
      status: 404,
      message: 'Task not found.',
      errors: [{ code: 0, message: 'Task not found.' }],
    });
    expect(errorMessage(translator('pt'), error)).toEqual({
      message: 'Não foi encontrado. Pode ter sido eliminado ou movido.',
      detail: 'Mensagem do servidor: Task not found.',
    });
  });

  it('prefers the catalogue code of the body over the status', () => {
    const error = apiError(400, { status: 400, message: 'x', errors: [{ code: 17, message: 'Export failed.' }] });
    expect(errorMessage(translator('de'), error).message).toBe('Der Export konnte nicht erstellt werden.');
    const licence = apiError(400, { errors: [{ code: 2, message: 'Bad code.' }] });
    expect(errorMessage(translator('en'), licence, 'LicenseErrorCode').message).toBe(
      'The activation code is not valid.',
    );
  });

  it('translates result-wrapper codes and falls back on unknown codes', () => {
    const t = translator('fr');
    expect(codeMessage(t, 'TaskErrorCode', 3).message).toBe('Une autre personne révise cette tâche.');
    expect(codeMessage(t, 'TaskErrorCode', 999, 'Odd.')).toEqual({
      message: 'Le serveur n’a pas pu traiter la demande.',
      detail: 'Message du serveur : Odd.',
    });
  });

  it('tells a network failure and a refused argument apart from server answers', () => {
    const t = translator('es');
    expect(errorMessage(t, new TypeError('Failed to fetch')).message).toMatch(/No se pudo contactar con el servidor/);
    expect(errorMessage(t, new ArgumentError('taskId', 'missing')).message).toBe(
      'A la solicitud le falta información necesaria.',
    );
    expect(errorMessage(t, apiError(502, 'Bad gateway')).message).toBe('El servidor no pudo completar la solicitud.');
  });

  it('names event types whatever their case, and says when a type is unknown', () => {
    const t = translator('de');
    expect(eventTypeText(t, 'ReviewFinished')).toBe('Prüfung abgeschlossen');
    expect(eventTypeText(t, 'reviewfinished')).toBe('Prüfung abgeschlossen');
    expect(eventTypeText(t, 'Mystery')).toBe('Anderes Ereignis (Mystery)');
  });
});
