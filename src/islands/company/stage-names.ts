// A pipeline stage's name as the company reads it (decision 279): the company's own name when it gave
// one, else the built-in stage's name in the reader's language.
import { isBuiltInStage } from '../../../contract/jobs-stages.ts';
import type { Translate } from '../../i18n/translator.ts';

export function stageNameOf(stage: { key: string; name: string | null }, t: Translate): string {
  if (stage.name !== null) return stage.name;
  return isBuiltInStage(stage.key) ? t(`pipeline.stage.${stage.key}`) : stage.key;
}
