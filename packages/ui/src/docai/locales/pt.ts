import type { DocAiResource } from '../i18n.js';

export const pt: DocAiResource = {
  label: 'Assistente DocAI',
  title: 'Perguntar ao DocAI',
  close: 'Fechar o DocAI',
  loading: 'A abrir o DocAI…',
  unavailable: 'O DocAI não está disponível aqui.',
  you: 'Você',
  assistant: 'DocAI',
  ask: 'Perguntar',
  error: 'O DocAI não conseguiu responder. Tente de novo.',
  languageModel: 'Escrito por um modelo de linguagem a partir das passagens abaixo; confirme-as',
  sources: 'Passagens em que a resposta se baseia',
  document: {
    question: 'A sua pergunta sobre este documento',
    placeholder: 'p. ex. Qual é o total?',
    thinking: 'O DocAI está a procurar no documento…',
    noPassage: 'Nada neste documento responde à pergunta, por isso o DocAI não responde.',
    extractive: 'Passagens citadas do documento (não há modelo de linguagem configurado)',
  },
  recording: {
    question: 'A sua pergunta sobre esta gravação',
    placeholder: 'p. ex. O que se diz sobre o orçamento?',
    thinking: 'O DocAI está a procurar na transcrição…',
    noPassage: 'Nada do que se diz nesta gravação responde à pergunta, por isso o DocAI não responde.',
    extractive: 'Passagens citadas da transcrição (não há modelo de linguagem configurado)',
  },
};
