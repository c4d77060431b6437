/** English strings of the `docai` namespace. The shape here is the source of typed keys. */
export const en = {
  label: 'DocAI assistant',
  title: 'Ask DocAI',
  close: 'Close DocAI',
  loading: 'Opening DocAI…',
  unavailable: 'DocAI is not available here.',
  you: 'You',
  assistant: 'DocAI',
  ask: 'Ask',
  error: 'DocAI could not answer. Try again.',
  languageModel: 'Written by a language model from the passages below; check them',
  sources: 'Passages the answer is based on',
  /** What is asked about: the words that name it differ between a document and a recording. */
  document: {
    question: 'Your question about this document',
    placeholder: 'e.g. What is the total?',
    thinking: 'DocAI is looking through the document…',
    noPassage: 'Nothing in this document answers the question, so DocAI does not answer it.',
    extractive: 'Passages quoted from the document (no language model is configured)',
  },
  recording: {
    question: 'Your question about this recording',
    placeholder: 'e.g. What is said about the budget?',
    thinking: 'DocAI is looking through the transcript…',
    noPassage: 'Nothing said in this recording answers the question, so DocAI does not answer it.',
    extractive: 'Passages quoted from the transcript (no language model is configured)',
  },
};
