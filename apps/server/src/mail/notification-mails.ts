// The mails of task notifications, in the five cultures: a task is ready to review, a task is
// complete and went to the history. Each recipient gets the culture they read.
import type { Language } from '../formats/cultures.js';
import { composeMail, fill } from './compose.js';
import type { MailMessage } from './mailer.js';

export type NotificationKind = 'readyToReview' | 'sentToHistory';

interface NotificationText {
  subject: string;
  body: string;
  open: string;
  why: string;
}

const TEXTS: Readonly<Record<NotificationKind, Readonly<Record<Language, NotificationText>>>> = {
  readyToReview: {
    pt: {
      subject: 'Pronta para revisão: {task}',
      body: 'A tarefa «{task}» da área de trabalho «{workspace}» está pronta para revisão.',
      open: 'Abrir a tarefa:',
      why: 'Recebe esta mensagem porque a área de trabalho «{workspace}» o notifica destas tarefas.',
    },
    en: {
      subject: 'Ready to review: {task}',
      body: 'The task “{task}” in the workspace “{workspace}” is ready to review.',
      open: 'Open the task:',
      why: 'You receive this message because the workspace “{workspace}” notifies you of its tasks.',
    },
    de: {
      subject: 'Bereit zur Prüfung: {task}',
      body: 'Die Aufgabe „{task}“ im Arbeitsbereich „{workspace}“ ist bereit zur Prüfung.',
      open: 'Aufgabe öffnen:',
      why: 'Sie erhalten diese Nachricht, weil der Arbeitsbereich „{workspace}“ Sie über seine Aufgaben benachrichtigt.',
    },
    fr: {
      subject: 'Prête à réviser : {task}',
      body: 'La tâche « {task} » de l’espace de travail « {workspace} » est prête à être révisée.',
      open: 'Ouvrir la tâche :',
      why: 'Vous recevez ce message parce que l’espace de travail « {workspace} » vous informe de ses tâches.',
    },
    es: {
      subject: 'Lista para revisar: {task}',
      body: 'La tarea «{task}» del espacio de trabajo «{workspace}» está lista para revisar.',
      open: 'Abrir la tarea:',
      why: 'Recibe este mensaje porque el espacio de trabajo «{workspace}» le notifica de sus tareas.',
    },
  },
  sentToHistory: {
    pt: {
      subject: 'Concluída: {task}',
      body: 'A tarefa «{task}» da área de trabalho «{workspace}» foi concluída e passou para o histórico.',
      open: 'Abrir o histórico:',
      why: 'Recebe esta mensagem porque a área de trabalho «{workspace}» o notifica destas tarefas.',
    },
    en: {
      subject: 'Completed: {task}',
      body: 'The task “{task}” in the workspace “{workspace}” is complete and has moved to the history.',
      open: 'Open the history:',
      why: 'You receive this message because the workspace “{workspace}” notifies you of its tasks.',
    },
    de: {
      subject: 'Abgeschlossen: {task}',
      body: 'Die Aufgabe „{task}“ im Arbeitsbereich „{workspace}“ ist abgeschlossen und wurde in den Verlauf verschoben.',
      open: 'Verlauf öffnen:',
      why: 'Sie erhalten diese Nachricht, weil der Arbeitsbereich „{workspace}“ Sie über seine Aufgaben benachrichtigt.',
    },
    fr: {
      subject: 'Terminée : {task}',
      body: 'La tâche « {task} » de l’espace de travail « {workspace} » est terminée et a été placée dans l’historique.',
      open: 'Ouvrir l’historique :',
      why: 'Vous recevez ce message parce que l’espace de travail « {workspace} » vous informe de ses tâches.',
    },
    es: {
      subject: 'Completada: {task}',
      body: 'La tarea «{task}» del espacio de trabajo «{workspace}» se ha completado y ha pasado al historial.',
      open: 'Abrir el historial:',
      why: 'Recibe este mensaje porque el espacio de trabajo «{workspace}» le notifica de sus tareas.',
    },
  },
};

export interface NotificationMailInput {
  to: string;
  kind: NotificationKind;
  language: Language;
  task: string;
  workspace: string;
  link: string;
}

export function notificationMail(input: NotificationMailInput): MailMessage {
  const text = TEXTS[input.kind][input.language];
  const values = { task: input.task, workspace: input.workspace };
  return composeMail(
    input.to,
    fill(text.subject, values),
    [fill(text.body, values), text.open, input.link, fill(text.why, values)],
    input.link,
  );
}
