// Small readers of API answers shared by the endpoint suites.
import { spawnSync } from 'node:child_process';

/** Whether `unzip` is installed here (zip answers are checked with `unzip -t`). */
export const hasUnzip = spawnSync('unzip', ['-v']).status === 0;

/** The body of a refused call: the catalogue codes of its errors and the sentence. */
export interface ErrorBody {
  errors: Array<{ code: number }>;
  message: string;
}

/** The catalogue code of the first error of a refused answer's body. */
export const codeOf = (body: unknown) => (body as ErrorBody).errors[0]?.code;
