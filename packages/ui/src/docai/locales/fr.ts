import type { DocAiResource } from '../i18n.js';

export const fr: DocAiResource = {
  label: 'Assistant DocAI',
  title: 'Demander à DocAI',
  close: 'Fermer DocAI',
  loading: 'Ouverture de DocAI…',
  unavailable: "DocAI n'est pas disponible ici.",
  you: 'Vous',
  assistant: 'DocAI',
  ask: 'Demander',
  error: "DocAI n'a pas pu répondre. Réessayez.",
  languageModel: 'Rédigé par un modèle de langage à partir des passages ci-dessous ; vérifiez-les',
  sources: 'Passages sur lesquels repose la réponse',
  document: {
    question: 'Votre question sur ce document',
    placeholder: 'p. ex. Quel est le total ?',
    thinking: 'DocAI parcourt le document…',
    noPassage: 'Rien dans ce document ne répond à la question, DocAI ne répond donc pas.',
    extractive: 'Passages cités du document (aucun modèle de langage configuré)',
  },
  recording: {
    question: 'Votre question sur cet enregistrement',
    placeholder: 'p. ex. Que dit-on du budget ?',
    thinking: 'DocAI parcourt la transcription…',
    noPassage: 'Rien de ce qui est dit dans cet enregistrement ne répond à la question, DocAI ne répond donc pas.',
    extractive: 'Passages cités de la transcription (aucun modèle de langage configuré)',
  },
};
