import type { DocAiResource } from '../i18n.js';

export const de: DocAiResource = {
  label: 'DocAI-Assistent',
  title: 'DocAI fragen',
  close: 'DocAI schließen',
  loading: 'DocAI wird geöffnet…',
  unavailable: 'DocAI ist hier nicht verfügbar.',
  you: 'Sie',
  assistant: 'DocAI',
  ask: 'Fragen',
  error: 'DocAI konnte nicht antworten. Bitte erneut versuchen.',
  languageModel: 'Von einem Sprachmodell aus den folgenden Stellen geschrieben; bitte prüfen',
  sources: 'Stellen, auf denen die Antwort beruht',
  document: {
    question: 'Ihre Frage zu diesem Dokument',
    placeholder: 'z. B. Wie hoch ist der Gesamtbetrag?',
    thinking: 'DocAI durchsucht das Dokument…',
    noPassage: 'Nichts in diesem Dokument beantwortet die Frage, daher antwortet DocAI nicht.',
    extractive: 'Aus dem Dokument zitierte Stellen (kein Sprachmodell konfiguriert)',
  },
  recording: {
    question: 'Ihre Frage zu dieser Aufnahme',
    placeholder: 'z. B. Was wird über das Budget gesagt?',
    thinking: 'DocAI durchsucht das Transkript…',
    noPassage: 'Nichts in dieser Aufnahme beantwortet die Frage, daher antwortet DocAI nicht.',
    extractive: 'Aus dem Transkript zitierte Stellen (kein Sprachmodell konfiguriert)',
  },
};
