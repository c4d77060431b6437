import type { DocAiResource } from '../i18n.js';

export const es: DocAiResource = {
  label: 'Asistente DocAI',
  title: 'Preguntar a DocAI',
  close: 'Cerrar DocAI',
  loading: 'Abriendo DocAI…',
  unavailable: 'DocAI no está disponible aquí.',
  you: 'Usted',
  assistant: 'DocAI',
  ask: 'Preguntar',
  error: 'DocAI no pudo responder. Inténtelo de nuevo.',
  languageModel: 'Escrito por un modelo de lenguaje a partir de los pasajes de abajo; compruébelos',
  sources: 'Pasajes en los que se basa la respuesta',
  document: {
    question: 'Su pregunta sobre este documento',
    placeholder: 'p. ej. ¿Cuál es el total?',
    thinking: 'DocAI está buscando en el documento…',
    noPassage: 'Nada en este documento responde a la pregunta, así que DocAI no responde.',
    extractive: 'Pasajes citados del documento (no hay un modelo de lenguaje configurado)',
  },
  recording: {
    question: 'Su pregunta sobre esta grabación',
    placeholder: 'p. ej. ¿Qué se dice del presupuesto?',
    thinking: 'DocAI está buscando en la transcripción…',
    noPassage: 'Nada de lo que se dice en esta grabación responde a la pregunta, así que DocAI no responde.',
    extractive: 'Pasajes citados de la transcripción (no hay un modelo de lenguaje configurado)',
  },
};
