// Annotations that come with a saved transcript (spec §3: uniqueId, content, start, end, created and
// modified info). The editor sends them as the reviewer left them; who made or changed one, and
// when, is the server's to say: an annotation new to the stored transcript is created by the
// caller now, one whose content or times changed is modified by the caller now, one unchanged keeps
// what is stored. Pure: returns the annotations to store.

export interface AnnotationLike {
  uniqueId: string;
  content: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isAnnotation = (value: unknown): value is AnnotationLike =>
  typeof value === 'object' && value !== null && typeof (value as AnnotationLike).uniqueId === 'string';

const stampsOf = (a: AnnotationLike) => ({
  createdOn: (a.createdOn as string | null | undefined) ?? null,
  createdBy: (a.createdBy as string | null | undefined) ?? null,
  modifiedOn: (a.modifiedOn as string | null | undefined) ?? null,
  modifiedBy: (a.modifiedBy as string | null | undefined) ?? null,
});

export function stampAnnotations(stored: unknown[], sent: unknown[], userId: string, now: Date): AnnotationLike[] {
  const stamp = now.toISOString();
  const before = new Map(stored.filter(isAnnotation).map((a) => [a.uniqueId, a]));
  return sent.filter(isAnnotation).map((a) => {
    const fields = { uniqueId: a.uniqueId, content: a.content, start: a.start, end: a.end };
    const was = before.get(a.uniqueId);
    if (!was) return { ...fields, createdOn: stamp, createdBy: userId, modifiedOn: stamp, modifiedBy: userId };
    const same = was.content === a.content && was.start === a.start && was.end === a.end;
    const kept = stampsOf(was);
    return same ? { ...fields, ...kept } : { ...fields, ...kept, modifiedOn: stamp, modifiedBy: userId };
  });
}
